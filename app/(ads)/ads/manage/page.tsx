import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/shell/placeholder-page';

export const metadata: Metadata = { title: 'Manage Ads' };

export default function ManageAdsPage() {
  return (
    <PlaceholderPage title="Manage Ads" subtitle="Advertisements shown across the network." emptyTitle="Ad management is not available yet">
      Advertisements, their media and their schedule will be managed here.
    </PlaceholderPage>
  );
}
