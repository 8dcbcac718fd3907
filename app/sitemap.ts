// /sitemap.xml: the public job pages (active, paid, not expired) and published news posts, for search engines
import type { MetadataRoute } from 'next';
import { cachedSitemapRows } from '@/lib/cache/public-pages';
import { publicJobUrl } from '@/lib/jobs/public';
import { publicPostUrl } from '@/lib/news/public';

// Built per request from rows kept in Next's cache under the tag `sitemap` (lib/cache/public-pages.ts),
// which every job and news change expires: no query unless something changed. Not prerendered at
// build, which has no database.
export const dynamic = 'force-dynamic';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const { jobs, posts } = await cachedSitemapRows();
  return [
    ...jobs.map((j) => ({ url: publicJobUrl(j.id), lastModified: j.updatedAt, changeFrequency: 'daily' as const, priority: 0.8 })),
    ...posts.map((p) => ({ url: publicPostUrl(p.id), lastModified: p.updatedAt, changeFrequency: 'weekly' as const, priority: 0.6 })),
  ];
}
