// /sitemap.xml: the public job pages (active, paid, not expired), for search engines
import type { MetadataRoute } from 'next';
import { getDb } from '@/lib/db/client';
import { listPublicJobs, publicJobUrl } from '@/lib/jobs/public';

export const dynamic = 'force-dynamic';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const jobs = await listPublicJobs(await getDb());
  return jobs.map((j) => ({ url: publicJobUrl(j.id), lastModified: j.updatedAt, changeFrequency: 'daily', priority: 0.8 }));
}
