import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/shell/placeholder-page';

export const metadata: Metadata = { title: 'Settings' };

export default function AdsSettingsPage() {
  return (
    <PlaceholderPage title="Settings" subtitle="How and where ads are shown." emptyTitle="Ad settings are not available yet">
      Placement and rotation settings for advertisements will be managed here.
    </PlaceholderPage>
  );
}
