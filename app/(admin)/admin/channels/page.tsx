import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ChannelsPage } from '@/components/news/channels-page';
import { flagOn } from '@/lib/flags';
import { pageGuardFor } from '@/lib/access';
import { requireSession } from '@/lib/auth/server';

export const metadata: Metadata = { title: 'Channels' };

/** /admin/channels: the news roles' channel management (spec §2; the guard in lib/access.ts lets only them in). */
export default async function AdminChannelsPage({ searchParams }: { searchParams: Promise<{ q?: string; offset?: string }> }) {
  // The page checks its own guard, as every admin page does: the admin layout also lets admins in,
  // and the proxy's check alone is one layer.
  await requireSession(pageGuardFor('/admin/channels'));
  // The 'channels' flag (on by default) turns the page off.
  if (!(await flagOn('channels'))) notFound();
  return <ChannelsPage path="/admin/channels" searchParams={searchParams} subtitle="Create channels and manage every post in them." />;
}
