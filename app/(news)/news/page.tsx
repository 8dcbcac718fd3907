import type { Metadata } from 'next';
import { ChannelsPage } from '@/components/news/channels-page';

export const metadata: Metadata = { title: 'News Channels' };

export default function NewsChannelsPage({ searchParams }: { searchParams: Promise<{ q?: string; offset?: string }> }) {
  return <ChannelsPage path="/news" searchParams={searchParams} subtitle="Channels and the posts published in them." />;
}
