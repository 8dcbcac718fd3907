import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { ArticleBody } from '@/components/news/article-body';
import { publishedOn, viewsText } from '@/components/news/post-card';
import { pageGuardFor } from '@/lib/access';
import { requireSession } from '@/lib/auth/server';
import { getDb } from '@/lib/db/client';
import { readPublishedPost } from '@/lib/news/readers';
import { rowIdOf } from '@/lib/validation/row-id';

/** The post for this request, read once for its title and its page (React cache): the read counts a view. */
const loadPost = cache(async (rawId: string) => {
  const { actor } = await requireSession(pageGuardFor('/members/news'));
  const id = rowIdOf(rawId);
  return id !== null ? await readPublishedPost(await getDb(), actor, id).catch(() => null) : null;
});

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: (await loadPost((await params).id))?.title ?? 'News' };
}

/** One published post for a driver; opening it counts the reader's view (once a day). */
export default async function MembersPostPage({ params }: { params: Promise<{ id: string }> }) {
  const post = await loadPost((await params).id);
  if (!post) notFound();
  return (
    <article className="mx-auto max-w-3xl">
      <p className="mb-2 text-sm">
        <Link href="/members/news" className="text-brand-700 hover:underline">
          ← News
        </Link>
      </p>
      <p className="text-xs font-medium uppercase tracking-wide text-brand-700">{post.channel}</p>
      <h1 className="text-2xl font-bold text-slate-900">{post.title}</h1>
      <p className="mb-4 text-sm text-slate-500">
        {publishedOn(post.published_at)}
        {post.author ? ` · ${post.author}` : ''} · {viewsText(post.views)}
      </p>
      <ArticleBody html={post.body_html} className="rounded-xl border border-slate-200 bg-white p-5 sm:p-8" />
    </article>
  );
}
