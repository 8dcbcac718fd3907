import { config, publicUrl } from '@/lib/config';
import { cutWhole } from '@/lib/validation/text';
import type { ReaderPost } from './readers';

/** The public address of a published post. */
export const publicPostUrl = (id: number) => publicUrl(`/posts/${id}`).toString();

/** schema.org NewsArticle of a published post (structured data for search engines). */
export function newsArticleJsonLd(post: ReaderPost) {
  const url = publicPostUrl(post.id);
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    // Search engines take 110 characters; cut on a whole character (half an emoji is no text).
    headline: cutWhole(post.title, 110),
    description: post.excerpt,
    datePublished: post.published_at,
    dateModified: post.updated_at,
    mainEntityOfPage: url,
    url,
    ...(post.thumbnail && { image: [publicUrl(post.thumbnail).toString()] }),
    ...(post.author && { author: [{ '@type': 'Person', name: post.author }] }),
    publisher: { '@type': 'Organization', name: config.productName },
    articleSection: post.channel,
  };
}
