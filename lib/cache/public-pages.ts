import 'server-only';
import { eq, getTableColumns, type Table } from 'drizzle-orm';
import { unstable_cache } from 'next/cache';
import { getDb } from '@/lib/db/client';
import { companies, jobAddresses, jobs } from '@/lib/db/schema';
import { logoUrl } from '@/lib/companies/view';
import { getPublicJob, listPublicJobs, type PublicJob } from '@/lib/jobs/public';
import { publishedForSitemap, publishedPost } from '@/lib/news/readers';
import { NEWS_TAG, PUBLIC_CACHE_SECONDS, SITEMAP_TAG, companyTag, jobTag, postTag } from './tags';
import { rowIdOf } from '@/lib/validation/row-id';

/**
 * What the pages that are the same for everyone read, through Next's data cache (unstable_cache:
 * no `cacheComponents` needed), each entry tagged with what it shows. Used inside a statically
 * cached page, the tags also tag that page, so `invalidateTags` (lib/cache/tags.ts) expires both.
 * The cache keeps JSON: dates come back as strings and are turned back into Dates here.
 *
 * `cached`: `fn` through unstable_cache under `key`, tagged. Where Next's cache does not exist
 * (Jest, a script) unstable_cache throws an invariant; then `fn` simply runs.
 */
function cached<T>(fn: () => Promise<T>, key: string[], tags: string[]): Promise<T> {
  return unstable_cache(fn, key, { tags, revalidate: PUBLIC_CACHE_SECONDS })().catch((error: Error) => {
    if (/incrementalCache missing/.test(error?.message ?? '')) return fn();
    throw error;
  });
}

/** Thrown inside the cache for "no such row", so that nothing is stored for it (see cachedRow). */
const NOT_THERE = new Error('not there');

/**
 * `cached` for a read that may find no row: a row is cached as above, "none" is not. Any id in an
 * address reaches here, and a cached null for each made-up one left a file under .next/cache for
 * good; an unknown or closed id now costs one indexed read per request instead.
 */
async function cachedRow<T>(fn: () => Promise<T | null>, key: string[], tags: string[]): Promise<T | null> {
  try {
    return await cached(
      async () => {
        const row = await fn();
        if (row === null) throw NOT_THERE;
        return row;
      },
      key,
      tags,
    );
  } catch (error) {
    if (error === NOT_THERE) return null;
    throw error;
  }
}

function reviveDates<T extends Record<string, unknown>>(table: Table, row: T): T {
  const out: Record<string, unknown> = { ...row };
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (column.dataType === 'date' && typeof out[key] === 'string') out[key] = new Date(out[key] as string);
  }
  return out as T;
}

/** The id in an address, or null when it is not a row's written as one (nothing is cached under it then). */
const rowId = rowIdOf;

const companyCard = (companyId: number) =>
  cachedRow(
    async () => {
      const [row] = await (await getDb()).select({ id: companies.id, name: companies.companyName, logo: companies.logo }).from(companies).where(eq(companies.id, companyId));
      return row ? { id: row.id, name: row.name, logo: logoUrl(row) } : null;
    },
    ['public-company', String(companyId)],
    [companyTag(companyId)],
  );

/**
 * The public job (lib/jobs/public.ts) or null, tagged `job:{id}`; its company's name and logo are
 * read apart, tagged `company:{companyId}`, so a rename reaches every job page of the company.
 */
export async function cachedPublicJob(rawId: string): Promise<PublicJob | null> {
  const id = rowId(rawId);
  if (id === null) return null;
  const pub = await cachedRow(async () => getPublicJob(await getDb(), id), ['public-job', String(id)], [jobTag(id)]);
  if (!pub) return null;
  const company = await companyCard(pub.job.companyId);
  return {
    ...pub,
    job: reviveDates(jobs, pub.job),
    addresses: pub.addresses.map((a) => reviveDates(jobAddresses, a)),
    company: company ?? pub.company,
  };
}

/** A published news post for /posts/{id}, tagged `post:{id}` and `news` (a channel's change reaches all). */
export async function cachedPublishedPost(rawId: string) {
  const id = rowId(rawId);
  if (id === null) return null;
  return cachedRow(async () => publishedPost(await getDb(), id), ['public-post', String(id)], [postTag(id), NEWS_TAG]);
}

/** The sitemap's rows (public jobs and published posts), tagged `sitemap`; `lastModified` stays an ISO string. */
export const cachedSitemapRows = () =>
  cached(
    async () => {
      const db = await getDb();
      const [jobRows, posts] = await Promise.all([listPublicJobs(db), publishedForSitemap(db)]);
      return {
        jobs: jobRows.map((j) => ({ id: j.id, updatedAt: j.updatedAt.toISOString() })),
        posts: posts.map((p) => ({ id: p.id, updatedAt: p.updatedAt.toISOString() })),
      };
    },
    ['sitemap-rows'],
    [SITEMAP_TAG],
  );
