import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/shell/placeholder-page';

export const metadata: Metadata = { title: 'News Channels' };

export default function NewsChannelsPage() {
  return (
    <PlaceholderPage title="News Channels" subtitle="Channels and the posts published in them." emptyTitle="News channels are not available yet">
      Channels, their posts and scheduled publications will be managed here.
    </PlaceholderPage>
  );
}
