import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { ArticleBody } from '@/components/news/article-body';
import { PostEditor } from '@/components/news/post-editor';
import { viewsText } from '@/components/news/post-card';
import { StatusBadge } from '@/components/news/status-badge';
import { PageHeader } from '@/components/ui/states';
import { hasAny, pageGuardFor } from '@/lib/access';
import { requireSession } from '@/lib/auth/server';
import { getDb } from '@/lib/db/client';
import { NEWS_WRITERS, isNewsAdmin } from '@/lib/news/access';
import { getPost } from '@/lib/news/posts';
import { rowIdOf } from '@/lib/validation/row-id';

/** The post for this request, read once for its title and its page (React cache). */
const loadPost = cache(async (rawId: string) => {
  const { actor } = await requireSession(pageGuardFor('/news'));
  const id = rowIdOf(rawId);
  return { actor, post: id !== null ? await getPost(await getDb(), actor, id).catch(() => null) : null };
});

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: (await loadPost((await params).id)).post?.title || 'Post' };
}

/** A post in the News Portal: its writer (or a news admin) edits it; other portal readers read it. */
export default async function PostPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ created?: string }> }) {
  const { actor, post } = await loadPost((await params).id);
  if (!post) notFound();
  const canEdit = hasAny(actor.roles, NEWS_WRITERS) && (isNewsAdmin(actor) || post.user_id === actor.userId);
  // The editor says the post was created (and drops ?created from the address) or, after an edit, that it was saved.
  const created = (await searchParams).created === '1';
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href={`/news/channels/${post.channel_id}`} className="text-brand-700 hover:underline">
          ← Channel posts
        </Link>
      </p>
      <PageHeader title={canEdit ? 'Edit post' : post.title} subtitle={`${viewsText(post.views)}${post.author ? ` · by ${post.author}` : ''}`} actions={<StatusBadge status={post.status} />} />
      {canEdit ? (
        <PostEditor channelId={post.channel_id} post={post} created={created} />
      ) : (
        <>
          <ArticleBody html={post.body_html} className="rounded-xl border border-slate-200 bg-white p-6" />
          <a href={`/api/v1.0/news/posts/${post.id}/pdf`} target="_blank" rel="noopener" className="mt-4 inline-flex h-10 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700">
            Export PDF
          </a>
        </>
      )}
    </>
  );
}
