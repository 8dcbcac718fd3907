// /posts/{id}: a published news post for everyone, with Open Graph tags and schema.org NewsArticle
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { ArticleBody } from '@/components/news/article-body';
import { publishedOn } from '@/components/news/post-card';
import { cachedPublishedPost } from '@/lib/cache/public-pages';
import { config, publicUrl } from '@/lib/config';
import { jsonLdScript } from '@/lib/jobs/public';
import { newsArticleJsonLd, publicPostUrl } from '@/lib/news/public';

// The same for everyone: cached like the public job page (see app/(public)/jobs/[id]/page.tsx),
// tagged `post:{id}` and `news`; lib/news expires them when a post or channel changes.
export const dynamic = 'force-static';
export const revalidate = 300;
export function generateStaticParams() {
  return [];
}

type Props = { params: Promise<{ id: string }> };

const load = cache(cachedPublishedPost);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const post = await load((await params).id);
  if (!post) return { title: 'Post not found' };
  const url = publicPostUrl(post.id);
  const images = post.thumbnail ? [{ url: publicUrl(post.thumbnail).toString() }] : undefined;
  return {
    title: post.title,
    description: post.excerpt,
    alternates: { canonical: url },
    openGraph: { type: 'article', url, title: post.title, description: post.excerpt, siteName: config.productName, publishedTime: post.published_at ?? undefined, section: post.channel, images },
    twitter: { card: images ? 'summary_large_image' : 'summary', title: post.title, description: post.excerpt },
  };
}

export default async function PublicPostPage({ params }: Props) {
  const post = await load((await params).id);
  if (!post) notFound();
  return (
    <div className="min-h-screen bg-slate-50">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(newsArticleJsonLd(post)) }} />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center px-4 py-3 sm:px-6">
          <Link href="/" className="text-lg font-bold tracking-tight text-brand-700">
            {config.productName} <span className="font-medium text-slate-500">News</span>
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <article>
          <p className="text-xs font-medium uppercase tracking-wide text-brand-700">{post.channel}</p>
          <h1 className="text-3xl font-bold text-slate-900">{post.title}</h1>
          <p className="mb-6 mt-1 text-sm text-slate-500">
            {publishedOn(post.published_at)}
            {post.author ? ` · ${post.author}` : ''}
          </p>
          <ArticleBody html={post.body_html} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8" />
        </article>
      </main>
    </div>
  );
}
