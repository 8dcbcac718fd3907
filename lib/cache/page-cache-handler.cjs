// @ts-check
/**
 * The cache of the pages served from cache (public job pages and news posts: docs/jobs.md "Public
 * pages from cache") on `next start`: Next's own file-system cache, except that a 404 answer stays
 * in its bounded in-memory LRU only and is never written to disk. Those pages are cached for any id
 * asked for, so without this every made-up /jobs/{id} a crawler or an attacker requests would leave
 * about 56 kB of files under .next/ for good (found trying a few thousand ids). Known pages are
 * still written to disk and expired by their tags as before. Vercel keeps its own cache: next.config.mjs
 * sets this handler only off Vercel.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- Next loads this file with require(); it stays CommonJS.
const { default: FileSystemCache } = require('next/dist/server/lib/incremental-cache/file-system-cache');

class PageCacheHandler extends FileSystemCache {
  /** @type {FileSystemCache['set']} */
  async set(key, data, ctx) {
    if (data && data.kind === 'APP_PAGE' && data.status === 404) {
      // @ts-expect-error -- memoryCache is FileSystemCache's static LRU, sized by cacheMaxMemorySize.
      FileSystemCache.memoryCache?.set(key, { value: data, lastModified: Date.now(), cacheControl: ctx.fetchCache ? undefined : ctx.cacheControl });
      return;
    }
    return super.set(key, data, ctx);
  }
}

module.exports = PageCacheHandler;
