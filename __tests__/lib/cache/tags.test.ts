import { companyChanged, invalidateTags, jobChanged } from '@/lib/cache/tags';

/**
 * Outside a request (the self-hosted tick's timer, scripts, Jest) Next's revalidateTag throws; the
 * helper must not, and must reach the process's own cache when `next start` has one.
 */
type Cache = { revalidateTag: jest.Mock };
const global_ = globalThis as { __incrementalCache?: Cache };

afterEach(() => delete global_.__incrementalCache);

it('is a no-op where Next has no cache (never throws)', () => {
  expect(() => jobChanged(7)).not.toThrow();
  expect(() => invalidateTags('x')).not.toThrow();
});

it("outside a request, tells the server's cache directly: the tags expire at once", () => {
  global_.__incrementalCache = { revalidateTag: jest.fn().mockResolvedValue(undefined) };
  jobChanged(7);
  companyChanged(3);
  expect(global_.__incrementalCache.revalidateTag.mock.calls).toEqual([[['job:7', 'sitemap']], [['company:3']]]);
});

it('a failing cache is logged, not thrown', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  global_.__incrementalCache = { revalidateTag: jest.fn().mockRejectedValue(new Error('disk full')) };
  expect(() => jobChanged(8)).not.toThrow();
  await new Promise((r) => setImmediate(r));
  expect(warn).toHaveBeenCalledWith('cache tags not invalidated', ['job:8', 'sitemap'], 'disk full');
  warn.mockRestore();
});
