import Link from 'next/link';
import { EmptyState } from '@/components/ui/states';
import type { ChannelView } from '@/lib/news/channels';
import { portalDateText } from '@/lib/validation/portal-day';
import { ChannelDialog } from './channel-dialog';

const date = (iso: string) => portalDateText(new Date(iso));

/** The channels list (server-rendered): name links to the channel's posts; news admins can edit. */
export function ChannelTable({ channels, canManage, postsHref }: { channels: ChannelView[]; canManage: boolean; postsHref: (id: number) => string }) {
  if (!channels.length) return <EmptyState title="No channels yet">{canManage ? 'Create the first channel to start publishing news.' : 'Channels appear here once a news admin creates them.'}</EmptyState>;
  return (
    <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
      {channels.map((c) => (
        <li key={c.id} className="flex flex-wrap items-center gap-3 p-4">
          {/* At least 12rem for the name: on a phone the badges wrap under it instead of squeezing it into a sliver. */}
          <div className="min-w-48 flex-1">
            <Link href={postsHref(c.id)} prefetch={false} className="font-semibold text-brand-700 hover:underline">
              {c.name}
            </Link>
            <p className="truncate text-sm text-slate-500">{c.description || 'No description'}</p>
          </div>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">{c.channel_type}</span>
          <span className={c.is_active ? 'text-xs font-medium text-green-700' : 'text-xs font-medium text-slate-500'}>{c.is_active ? 'Active' : 'Inactive'}</span>
          <span className="text-xs text-slate-500">Created {date(c.created_at)}</span>
          {canManage && <ChannelDialog channel={c} trigger="Edit" />}
        </li>
      ))}
    </ul>
  );
}
