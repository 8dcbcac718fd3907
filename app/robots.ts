// /robots.txt: public job pages are crawlable; portals and the API are not
import type { MetadataRoute } from 'next';
import { config } from '@/lib/config';

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: '*',
      allow: ['/jobs/'],
      disallow: ['/api/', '/admin', '/company', '/company-info', '/company-address', '/news', '/ads', '/members', '/sandbox-gateway'],
    },
    sitemap: new URL('/sitemap.xml', config.appUrl).toString(),
  };
}
