import { redirect } from 'next/navigation';
import { SETTINGS_TABS } from '@/components/billing/settings-tabs';

/** /company/settings opens its first section. */
export default function SettingsIndex() {
  redirect(SETTINGS_TABS[0].href);
}
