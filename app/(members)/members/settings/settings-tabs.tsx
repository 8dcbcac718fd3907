'use client';

import * as Tabs from '@radix-ui/react-tabs';
import { usePathname, useRouter } from 'next/navigation';
import { useState } from 'react';
import { ChangePasswordForm } from '@/components/accounts/change-password-form';
import { DeleteAccountPanel } from '@/components/accounts/delete-account-panel';

export type SettingsTab = 'delete-account' | 'password';

const TABS: { value: SettingsTab; label: string }[] = [
  { value: 'delete-account', label: 'Delete account' },
  { value: 'password', label: 'Password' },
];

/** Delete account (the default tab) and password; the tab is kept in ?tab= so it can be linked. */
export function SettingsTabs({ initial }: { initial: SettingsTab }) {
  const router = useRouter();
  const pathname = usePathname();
  const [tab, setTab] = useState<SettingsTab>(initial);
  const change = (value: string) => {
    setTab(value as SettingsTab);
    router.replace(value === 'password' ? `${pathname}?tab=password` : pathname, { scroll: false });
  };
  return (
    <Tabs.Root value={tab} onValueChange={change}>
      <Tabs.List aria-label="Settings" className="mb-6 flex gap-6 border-b border-slate-200">
        {TABS.map((t) => (
          <Tabs.Trigger
            key={t.value}
            value={t.value}
            className="-mb-px border-b-2 border-transparent px-1 pb-3 text-sm font-medium text-slate-500 transition hover:border-slate-300 hover:text-slate-700 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700"
          >
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <div className="max-w-2xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <Tabs.Content value="delete-account" className="focus:outline-none">
          <h2 className="mb-4 text-lg font-semibold text-slate-900">Delete account</h2>
          <DeleteAccountPanel />
        </Tabs.Content>
        <Tabs.Content value="password" className="focus:outline-none">
          <h2 className="mb-1 text-lg font-semibold text-slate-900">Change password</h2>
          <p className="mb-5 text-sm text-slate-500">Use at least 8 characters with a number, a symbol and an uppercase letter.</p>
          <div className="max-w-md">
            <ChangePasswordForm />
          </div>
        </Tabs.Content>
      </div>
    </Tabs.Root>
  );
}
