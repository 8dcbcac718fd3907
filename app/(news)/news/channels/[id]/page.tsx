import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { postTime } from '@/components/news/post-card';
import { Pager } from '@/components/news/search-form';
import { StatusBadge } from '@/components/news/status-badge';
import { EmptyState, PageHeader } from '@/components/ui/states';
import { hasAny, pageGuardFor } from '@/lib/access';
import { requireSession } from '@/lib/auth/server';
import { getDb } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { NEWS_WRITERS } from '@/lib/news/access';
import { getChannel } from '@/lib/news/channels';
import { listChannelPosts } from '@/lib/news/posts';
import { pageOffsetOf, rowIdOf } from '@/lib/validation/row-id';

export const metadata: Metadata = { title: 'Channel posts' };


export default async function ChannelPostsPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ offset?: string }> }) {
  const { actor } = await requireSession(pageGuardFor('/news'));
  const id = rowIdOf((await params).id);
  const offset = pageOffsetOf((await searchParams).offset);
  const db = await getDb();
  const channel = id !== null ? await getChannel(db, actor, id).catch((e) => (e instanceof AppError && e.status === 404 ? null : Promise.reject(e))) : null;
  if (!channel) notFound();
  const { items, pagination } = await listChannelPosts(db, actor, channel.id, { offset, limit: 10 });
  const canWrite = hasAny(actor.roles, NEWS_WRITERS) && channel.is_active;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/news" className="text-brand-700 hover:underline">
          ← News Channels
        </Link>
      </p>
      <PageHeader
        title={channel.name}
        subtitle={channel.description ?? undefined}
        actions={
          canWrite ? (
            <Link href={`/news/channels/${id}/new`} className="inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700">
              Write a post
            </Link>
          ) : undefined
        }
      />
      {!items.length && pagination.total > 0 ? (
        // Past the last page (an old link, an edited address): the channel has posts, this page none.
        <EmptyState title="No posts on this page" action={<Link href={`/news/channels/${channel.id}`} className="font-semibold text-brand-700 hover:underline">Back to the first page</Link>} />
      ) : !items.length ? (
        <EmptyState title="No posts yet">{canWrite ? 'Write the first post of this channel.' : 'Posts appear here once they are written.'}</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase text-slate-500">
              <tr>
                <th className="px-4 py-2">Title</th>
                <th className="px-4 py-2">Status</th>
                <th className="px-4 py-2">Schedule</th>
                <th className="px-4 py-2">Published</th>
                <th className="px-4 py-2 text-right">Views</th>
                <th className="px-4 py-2">Author</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((p) => (
                <tr key={p.id}>
                  <td className="px-4 py-2">
                    <Link href={`/news/posts/${p.id}`} className="font-medium text-brand-700 hover:underline">
                      {p.title}
                    </Link>
                  </td>
                  <td className="px-4 py-2">
                    <StatusBadge status={p.status} />
                  </td>
                  <td className="px-4 py-2 text-slate-600">{postTime(p.scheduled_at)}</td>
                  {/* A scheduled post is not out yet: no publication date until the tick publishes it. */}
                  <td className="px-4 py-2 text-slate-600">{postTime(p.status === 'SCHEDULED' ? null : p.published_at)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{p.views}</td>
                  <td className="px-4 py-2 text-slate-600">{p.author ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager {...pagination} href={(o) => `/news/channels/${id}?offset=${o}`} />
    </>
  );
}
