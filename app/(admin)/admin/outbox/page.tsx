import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/states';
import { requireUser } from '@/lib/auth/server';
import { pageGuardFor } from '@/lib/access';
import { OutboxGrid } from '@/components/accounts/outbox-grid';

export const metadata: Metadata = { title: 'Outbox' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function AdminOutboxPage({ searchParams }: { searchParams: Search }) {
  await requireUser(pageGuardFor('/admin/outbox'));
  const q = (await searchParams).to;
  return (
    <>
      <PageHeader title="Outbox" subtitle="Every email the portal sends, newest first. Without a mail server configured, mail waits here." />
      <OutboxGrid initialSearch={typeof q === 'string' ? q : ''} />
    </>
  );
}
