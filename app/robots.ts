// /robots.txt: public job pages are crawlable; portals and the API are not; nothing on a preview
import type { MetadataRoute } from 'next';
import { isPreviewDeployment, publicUrl } from '@/lib/config';

// Read at request time: the public origin is runtime configuration, not known at build.
export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  // A preview deployment is for people checking a change, never for search engines.
  if (isPreviewDeployment()) return { rules: { userAgent: '*', disallow: '/' } };
  return {
    rules: {
      userAgent: '*',
      allow: ['/jobs/'],
      disallow: ['/api/', '/admin', '/company', '/company-info', '/company-address', '/news', '/ads', '/members', '/sandbox-gateway'],
    },
    sitemap: publicUrl('/sitemap.xml').toString(),
  };
}
