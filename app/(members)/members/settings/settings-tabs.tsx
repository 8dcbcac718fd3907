'use client';

import * as Tabs from '@radix-ui/react-tabs';
import dynamic from 'next/dynamic';
import { usePathname, useRouter } from 'next/navigation';
import { useState } from 'react';
import { Spinner } from '@/components/ui/states';
import type { DriverProfile } from '@/lib/drivers/profile';
import { SETTINGS_TABS, type SettingsTab } from './tabs';

// Each tab's panel is its own chunk: the open tab renders on the server and ships with the page,
// the others load when chosen (a tab only mounts while active), not with the first load (issue 16).
const loading = () => <Spinner label="Loading" />;
const DriverProfileForm = dynamic(() => import('@/components/drivers/profile-form').then((m) => m.DriverProfileForm), { loading });
const DeleteAccountPanel = dynamic(() => import('@/components/accounts/delete-account-panel').then((m) => m.DeleteAccountPanel), { loading });
const ChangePasswordForm = dynamic(() => import('@/components/accounts/change-password-form').then((m) => m.ChangePasswordForm), { loading });
const PreferencesSection = dynamic(() => import('@/components/accounts/preferences-section').then((m) => m.PreferencesSection), { loading });
const SignedInSessions = dynamic(() => import('@/components/accounts/signed-in-sessions').then((m) => m.SignedInSessions), { loading });

const PANEL = 'focus:outline-none data-[state=inactive]:hidden';

/**
 * A driver's profile (the default tab for drivers), password, time zone, sessions and, last, delete account; the tab is kept
 * in ?tab= so it can be linked. Without a driver profile (staff) the Profile tab is left out.
 */
export function SettingsTabs({ initial, profile }: { initial: SettingsTab; profile: DriverProfile | null }) {
  const router = useRouter();
  const pathname = usePathname();
  const [tab, setTab] = useState<SettingsTab>(initial);
  // A tab once opened stays mounted (hidden while another is shown): the profile's unsaved changes
  // were lost on a look at the password tab and back.
  const [visited, setVisited] = useState<ReadonlySet<SettingsTab>>(() => new Set([initial]));
  const kept = (value: SettingsTab) => (visited.has(value) ? true : undefined);
  const tabs = SETTINGS_TABS.filter((t) => profile || t.value !== 'profile');
  const change = (value: string) => {
    setTab(value as SettingsTab);
    setVisited((seen) => (seen.has(value as SettingsTab) ? seen : new Set([...seen, value as SettingsTab])));
    router.replace(value === tabs[0].value ? pathname : `${pathname}?tab=${value}`, { scroll: false });
  };
  return (
    <Tabs.Root value={tab} onValueChange={change}>
      {/* On a phone the tabs wrap to a second row: scrolled sideways, "Sessions" was off screen with nothing to say so. */}
      <Tabs.List aria-label="Settings" className="mb-6 flex flex-wrap gap-x-6 gap-y-1 border-b border-slate-200">
        {tabs.map((t) => (
          <Tabs.Trigger
            key={t.value}
            value={t.value}
            className="-mb-px shrink-0 whitespace-nowrap border-b-2 border-transparent px-1 pb-3 text-sm font-medium text-slate-500 transition hover:border-slate-300 hover:text-slate-700 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700"
          >
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <div className="max-w-3xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        {profile && (
          <Tabs.Content value="profile" forceMount={kept('profile')} className={PANEL}>
            <h2 className="mb-1 text-lg font-semibold text-slate-900">Driver profile</h2>
            <p className="mb-5 text-sm text-slate-500">Companies see this when you apply; we use it to match you with jobs.</p>
            <DriverProfileForm profile={profile} />
          </Tabs.Content>
        )}
        <Tabs.Content value="password" forceMount={kept('password')} className={PANEL}>
          <h2 className="mb-1 text-lg font-semibold text-slate-900">Change password</h2>
          <p className="mb-5 text-sm text-slate-500">Use at least 8 characters with a number, a symbol and an uppercase letter.</p>
          <div className="max-w-md">
            <ChangePasswordForm />
          </div>
        </Tabs.Content>
        <Tabs.Content value="preferences" forceMount={kept('preferences')} className={PANEL}>
          <h2 className="mb-4 text-lg font-semibold text-slate-900">Time zone &amp; picture</h2>
          <PreferencesSection />
        </Tabs.Content>
        <Tabs.Content value="sessions" forceMount={kept('sessions')} className={PANEL}>
          <SignedInSessions framed={false} />
        </Tabs.Content>
        <Tabs.Content value="delete-account" forceMount={kept('delete-account')} className={PANEL}>
          <h2 className="mb-4 text-lg font-semibold text-slate-900">Delete account</h2>
          <DeleteAccountPanel />
        </Tabs.Content>
      </div>
    </Tabs.Root>
  );
}
