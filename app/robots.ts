// /robots.txt: public job and post pages and their images are crawlable; portals and the rest of the API are not; nothing on a preview
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
      // The images the public pages show are API routes: a post's thumbnail (its og:image, Twitter
      // card and NewsArticle image) and a job's company logo. Under '/api/' alone they were blocked,
      // so no search engine or link preview could fetch them. The longer rule wins (allow on a tie);
      // '*' is a company id.
      allow: ['/jobs/', '/api/v1.0/news/images/', '/api/v1.0/companies/*/logo'],
      disallow: ['/api/', '/admin', '/company', '/company-info', '/company-address', '/news', '/ads', '/members', '/sandbox-gateway'],
    },
    sitemap: publicUrl('/sitemap.xml').toString(),
  };
}
