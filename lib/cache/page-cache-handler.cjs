// @ts-check
/**
 * The cache of the pages served from cache (public job pages and news posts: docs/jobs.md "Public
 * pages from cache") on `next start`: Next's own file-system cache, except that a 404 answer stays
 * in its bounded in-memory LRU only and is never written to disk. Those pages are cached for any id
 * asked for, so without this every made-up /jobs/{id} a crawler or an attacker requests would leave
 * about 56 kB of files under .next/ for good (found trying a few thousand ids). Known pages are
 * still written to disk and expired by their tags as before; one that turns into a 404 has its
 * files removed, so a restart does not bring it back. Vercel keeps its own cache: next.config.mjs
 * sets this handler only off Vercel.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- Next loads this file with require(); it stays CommonJS.
const { default: FileSystemCache } = require('next/dist/server/lib/incremental-cache/file-system-cache');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- as above.
const { rm } = require('node:fs/promises');

/** The files Next writes for one app page (Next 16's file-system cache). */
const PAGE_FILES = ['.html', '.rsc', '.meta', '.segments'];

class PageCacheHandler extends FileSystemCache {
  /** @type {FileSystemCache['set']} */
  async set(key, data, ctx) {
    if (data && data.kind === 'APP_PAGE' && data.status === 404) {
      // @ts-expect-error -- memoryCache is FileSystemCache's static LRU, sized by cacheMaxMemorySize.
      FileSystemCache.memoryCache?.set(key, { value: data, lastModified: Date.now(), cacheControl: ctx.fetchCache ? undefined : ctx.cacheControl });
      // A page that was there before (a job since closed) left its copy on disk: after a restart,
      // with this memory gone, it was served again as a 200 until the next request. It goes now.
      const base = this.getFilePath(key, 'APP_PAGE');
      await Promise.all(PAGE_FILES.map((suffix) => rm(base + suffix, { recursive: true, force: true })));
      return;
    }
    return super.set(key, data, ctx);
  }
}

module.exports = PageCacheHandler;
