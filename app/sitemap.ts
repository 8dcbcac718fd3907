// /sitemap.xml: the public job pages (active, paid, not expired) and published news posts, for search engines
import type { MetadataRoute } from 'next';
import { getDb } from '@/lib/db/client';
import { listPublicJobs, publicJobUrl } from '@/lib/jobs/public';
import { publicPostUrl } from '@/lib/news/public';
import { publishedForSitemap } from '@/lib/news/readers';

export const dynamic = 'force-dynamic';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const db = await getDb();
  const [jobs, posts] = await Promise.all([listPublicJobs(db), publishedForSitemap(db)]);
  return [
    ...jobs.map((j) => ({ url: publicJobUrl(j.id), lastModified: j.updatedAt, changeFrequency: 'daily' as const, priority: 0.8 })),
    ...posts.map((p) => ({ url: publicPostUrl(p.id), lastModified: p.updatedAt, changeFrequency: 'weekly' as const, priority: 0.6 })),
  ];
}
