import type { Metadata } from 'next';
import Link from 'next/link';
import { AdSlot } from '@/components/ads/ad-slot';
import { PostCard } from '@/components/news/post-card';
import { Pager } from '@/components/news/search-form';
import { EmptyState, PageHeader } from '@/components/ui/states';
import { pageGuardFor } from '@/lib/access';
import { requireSession } from '@/lib/auth/server';
import { getDb } from '@/lib/db/client';
import { listPublishedPosts } from '@/lib/news/readers';
import { pageOffsetOf } from '@/lib/validation/row-id';

export const metadata: Metadata = { title: 'News' };

/** The Drivers Portal's News section: published posts, newest first. */
export default async function MembersNewsPage({ searchParams }: { searchParams: Promise<{ offset?: string }> }) {
  await requireSession(pageGuardFor('/members/news'));
  const offset = pageOffsetOf((await searchParams).offset);
  const { items, pagination } = await listPublishedPosts(await getDb(), { offset, limit: 10 });
  return (
    <>
      <PageHeader title="News" subtitle="News for drivers from the network." />
      <AdSlot placement="news_feed" className="mb-4 max-w-2xl" />
      {items.length ? (
        <ul className="flex flex-col gap-3">
          {items.map((p) => (
            <PostCard key={p.id} post={p} href={`/members/news/${p.id}`} />
          ))}
        </ul>
      ) : pagination.total > 0 ? (
        // Past the last page (an old link, an edited address): there is news, this page has none.
        <EmptyState title="No posts on this page" action={<Link href="/members/news" className="font-semibold text-brand-700 hover:underline">Back to the first page</Link>} />
      ) : (
        <EmptyState title="No news yet">Published posts appear here.</EmptyState>
      )}
      <Pager {...pagination} href={(o) => `/members/news?offset=${o}`} />
    </>
  );
}
