import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The handler next.config.mjs gives `next start` (plain CommonJS, loaded by Next at run time).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const PageCacheHandler = require('../../../lib/cache/page-cache-handler.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { nodeFs } = require('next/dist/server/lib/node-fs-methods');

const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)) : [];

function page(status: number) {
  return { kind: 'APP_PAGE', html: `<html>${status}</html>`, rscData: Buffer.from('rsc'), headers: { 'x-next-cache-tags': 'job:1' }, status, postponed: undefined, segmentData: new Map() };
}

describe('the page cache of next start (lib/cache/page-cache-handler.cjs)', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tna-page-cache-'));
  const cache = new PageCacheHandler({ fs: nodeFs, serverDistDir: dist, flushToDisk: true, maxMemoryCacheSize: 1024 * 1024, revalidatedTags: [], _requestHeaders: {} });
  const ctx = { cacheControl: { revalidate: 300, expire: 31536000 }, isRoutePPREnabled: false, isFallback: false };
  const getCtx = { kind: 'APP_PAGE', isRoutePPREnabled: false, isFallback: false };
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('writes a known page to disk, as Next does', async () => {
    await cache.set('/jobs/1', page(200), ctx);
    expect(filesUnder(dist).some((f) => f.includes(`${path.sep}jobs${path.sep}1.`))).toBe(true);
    expect((await cache.get('/jobs/1', getCtx))?.value?.status).toBe(200);
  });

  it('keeps a 404 (any made-up id) in memory only: nothing is written to disk', async () => {
    const before = filesUnder(dist).length;
    for (let id = 90_000_000; id < 90_000_050; id++) await cache.set(`/jobs/${id}`, page(404), ctx);
    expect(filesUnder(dist)).toHaveLength(before);
    expect((await cache.get('/jobs/90000001', getCtx))?.value?.status).toBe(404);
  });

  it('removes a page from disk when it turns into a 404 (a closed job), so a restart does not serve the old page', async () => {
    await cache.set('/jobs/7', page(200), ctx);
    const ofJob7 = () => filesUnder(dist).filter((f) => f.includes(`${path.sep}jobs${path.sep}7.`));
    expect(ofJob7().length).toBeGreaterThan(0);
    await cache.set('/jobs/7', page(404), ctx);
    expect(ofJob7()).toEqual([]);
    // After a restart only the disk is left, and it no longer holds the page: it is rendered again.
  });
});
