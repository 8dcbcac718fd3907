import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PageHeader } from '@/components/ui/states';
import { requireUser } from '@/lib/auth/server';
import { pageGuardFor } from '@/lib/access';
import { OutboxGrid } from '@/components/accounts/outbox-grid';
import { outboxReadable } from '@/lib/mail/outbox';

export const metadata: Metadata = { title: 'Outbox' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function AdminOutboxPage({ searchParams }: { searchParams: Search }) {
  await requireUser(pageGuardFor('/admin/outbox'));
  // With a mail server configured, mail goes to its recipients only: there is no outbox to read.
  if (!outboxReadable()) notFound();
  const q = (await searchParams).to;
  return (
    <>
      <PageHeader title="Outbox" subtitle="Every email the portal sends, newest first, while no mail server is configured. Codes and links in other people's mail are hidden." />
      <OutboxGrid initialSearch={typeof q === 'string' ? q : ''} />
    </>
  );
}
