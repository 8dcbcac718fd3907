import type { Metadata } from 'next';
import { PlaceholderPage } from '@/components/shell/placeholder-page';

export const metadata: Metadata = { title: 'Home Settings' };

export default function AdsHomeSettingsPage() {
  return (
    <PlaceholderPage title="Home Settings" subtitle="Ads on the drivers' home screen." emptyTitle="Home ad settings are not available yet">
      Which ads appear on the home screen of the drivers&apos; app, and in what order, will be managed here.
    </PlaceholderPage>
  );
}
