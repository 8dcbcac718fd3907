import type { Metadata } from 'next';
import { AdSettingsScreen } from '@/components/ads/settings-screen';
import { pageGuardFor } from '@/lib/access';
import { getAdSettings } from '@/lib/ads/settings';
import { requireSession } from '@/lib/auth/server';
import { getDb } from '@/lib/db/client';

export const metadata: Metadata = { title: 'Settings' };

export default async function AdSettingsPage() {
  const { actor } = await requireSession(pageGuardFor('/ads/settings'));
  return <AdSettingsScreen part="general" settings={await getAdSettings(await getDb(), actor)} />;
}
