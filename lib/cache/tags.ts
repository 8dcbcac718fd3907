import { revalidateTag } from 'next/cache';

/**
 * Cache tags of the pages that are the same for everyone (issue 16): the public job page
 * (/jobs/{id}), the public news post (/posts/{id}) and the sitemap are kept in Next's cache and
 * tagged with what they show; a service that changes that calls the matching `…Changed` below.
 * See docs/jobs.md, "Public job pages: cached".
 */
export const SITEMAP_TAG = 'sitemap';
export const NEWS_TAG = 'news';
export const jobTag = (id: number) => `job:${id}`;
export const companyTag = (id: number) => `company:${id}`;
export const postTag = (id: number) => `post:${id}`;

/** The longest any cached public page or sitemap entry lives without an invalidation (seconds): the backstop. */
export const PUBLIC_CACHE_SECONDS = 300;

type IncrementalCache = { revalidateTag(tags: string[], durations?: { expire?: number }): Promise<void> };

/**
 * Expires the tags now: the next request renders afresh (never the stale page). Inside a request
 * (route handler, server action) through `revalidateTag(tag, { expire: 0 })`. Outside one (the
 * self-hosted tick's timer, scripts, Jest) Next has no request store and `revalidateTag` throws;
 * then the process's own cache (the one `next start` serves pages from, once it has served a
 * request) is told directly, and where there is none this is a no-op. Never throws: a write has
 * happened by now and must not fail for its cache.
 */
export function invalidateTags(...tags: string[]) {
  if (tags.length === 0) return;
  try {
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
    return;
  } catch {
    // No request context: fall through.
  }
  const cache = (globalThis as { __incrementalCache?: IncrementalCache }).__incrementalCache;
  cache?.revalidateTag(tags).catch((error: Error) => console.warn('cache tags not invalidated', tags, error.message));
}

/** A job's content, status, price items or expiry changed: its page and the sitemap. */
export function jobsChanged(ids: readonly number[]) {
  if (ids.length) invalidateTags(...ids.map(jobTag), SITEMAP_TAG);
}
export const jobChanged = (id: number) => jobsChanged([id]);

/** The company's name or logo changed: every page of its jobs. */
export const companyChanged = (id: number) => invalidateTags(companyTag(id));

/** A news post was published, changed or withdrawn (ids), or a channel changed (no ids: every post). */
export function newsChanged(ids?: readonly number[]) {
  invalidateTags(...(ids ? ids.map(postTag) : [NEWS_TAG]), SITEMAP_TAG);
}
