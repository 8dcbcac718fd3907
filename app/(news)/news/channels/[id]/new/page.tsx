import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { PostEditor } from '@/components/news/post-editor';
import { PageHeader } from '@/components/ui/states';
import { pageGuardFor } from '@/lib/access';
import { requireSession } from '@/lib/auth/server';
import { getDb } from '@/lib/db/client';
import { getChannel } from '@/lib/news/channels';
import { rowIdOf } from '@/lib/validation/row-id';

export const metadata: Metadata = { title: 'Write a post' };

export default async function NewPostPage({ params }: { params: Promise<{ id: string }> }) {
  const raw = (await params).id;
  // The role table's guard for writing a post (news roles only), the same one the proxy checked.
  const { actor } = await requireSession(pageGuardFor(`/news/channels/${raw}/new`));
  const id = rowIdOf(raw);
  const channel = id !== null ? await getChannel(await getDb(), actor, id).catch(() => null) : null;
  if (!channel) notFound();
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href={`/news/channels/${channel.id}`} className="text-brand-700 hover:underline">
          ← {channel.name}
        </Link>
      </p>
      <PageHeader title="Write a post" subtitle={channel.is_active ? `In ${channel.name}` : 'This channel is inactive: posts cannot be written in it.'} />
      {channel.is_active && <PostEditor channelId={channel.id} />}
    </>
  );
}
