import Link from 'next/link';
import { EmptyState, PageHeader } from '@/components/ui/states';
import { requireSession } from '@/lib/auth/server';
import { getDb } from '@/lib/db/client';
import { pageGuardFor } from '@/lib/access';
import { isNewsAdmin } from '@/lib/news/access';
import { searchChannels } from '@/lib/news/channels';
import { ChannelDialog } from './channel-dialog';
import { ChannelTable } from './channel-table';
import { Pager, SearchForm } from './search-form';
import { pageOffsetOf } from '@/lib/validation/row-id';
import { searchParam, type SearchParamValue } from '@/lib/validation/search-params';

const LIMIT = 10;

/** The channels index of /news and /admin/channels: search, pages, create and edit (news admins). */
export async function ChannelsPage({ path, searchParams, subtitle }: { path: string; searchParams: Promise<{ q?: SearchParamValue; offset?: SearchParamValue }>; subtitle: string }) {
  const { actor } = await requireSession(pageGuardFor(path));
  const { q: rawQ, offset: rawOffset } = await searchParams;
  // A search the API would refuse (NUL) is no search, as an unreadable offset is the first page.
  const q = searchParam(rawQ);
  const offset = pageOffsetOf(rawOffset);
  const filters = q.trim() ? [{ field: 'name' as const, operator: 'ilike' as const, value: q.trim().slice(0, 200) }] : [];
  const { items, pagination } = await searchChannels(await getDb(), actor, { filters, orders: [] }, { offset, limit: LIMIT });
  const canManage = isNewsAdmin(actor);
  const href = (o: number) => `${path}?${new URLSearchParams({ q, offset: String(o) })}`;
  // No rows here does not always mean no channels (ChannelTable's "No channels yet, create the
  // first"): a page past the last one (an old link, an edited address) or a search matching none.
  const empty = items.length
    ? null
    : pagination.total > 0
      ? <EmptyState title="No channels on this page" action={<Link href={q ? `${path}?${new URLSearchParams({ q })}` : path} className="font-semibold text-brand-700 hover:underline">Back to the first page</Link>} />
      : filters.length
        ? <EmptyState title="No channel matches this search">Try another part of the channel&apos;s name.</EmptyState>
        : null;
  return (
    <>
      <PageHeader title="News Channels" subtitle={subtitle} actions={canManage ? <ChannelDialog trigger="New channel" /> : undefined} />
      <SearchForm q={q} />
      {empty ?? <ChannelTable channels={items} canManage={canManage} postsHref={(id) => `/news/channels/${id}`} />}
      <Pager {...pagination} href={href} />
    </>
  );
}
