'use client';

import { useState } from 'react';
import { CompanyPicker } from '@/components/companies/company-picker';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Alert, Spinner } from '@/components/ui/states';
import { hardNavigate } from '@/components/shell/navigate';
import { errorMessage } from '@/lib/api/client';
import { useCompanyUsers } from '@/lib/admin/hooks';
import { startImpersonation } from '@/lib/auth/impersonation-client';
import type { CompanyChoice } from '@/lib/companies/hooks';

export const PLEASE_SELECT = 'Please select';
export const PICK_TEXT = 'Select the company and user you want to impersonate';

/**
 * The company portal header for admins: a company picker (companies search) and a user picker (the
 * company's employees) in the dialog 'Please select'; choosing both starts a 600 s impersonation.
 */
export function ImpersonationPicker() {
  const [open, setOpen] = useState(false);
  const [company, setCompany] = useState<CompanyChoice | null>(null);
  const [userId, setUserId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const users = useCompanyUsers(company?.id ?? null);
  const active = (users.data ?? []).filter((u) => u.active);

  async function go() {
    if (!userId) return;
    setBusy(true);
    setError(null);
    try {
      hardNavigate((await startImpersonation(userId)).redirect);
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  }

  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm">
      <p className="text-slate-600">Admins can act as a company user to see and do what they see, for 10 minutes at a time.</p>
      <Button variant="secondary" className="px-3 py-1.5" onClick={() => setOpen(true)}>
        Impersonate a user
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={PLEASE_SELECT}
        description={PICK_TEXT}
        size="md"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={go} disabled={!userId} loading={busy}>
              Impersonate
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          {error && <Alert type="error">{error}</Alert>}
          <CompanyPicker
            value={company}
            onChange={(c) => {
              setCompany(c);
              setUserId(null);
            }}
            label="Company"
          />
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            User
            {company && users.isPending ? (
              <Spinner size="small" label="Loading users" />
            ) : (
              <select
                value={userId ?? ''}
                disabled={!company || active.length === 0}
                onChange={(e) => setUserId(e.target.value ? Number(e.target.value) : null)}
                className="rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm disabled:bg-slate-50"
              >
                <option value="">{!company ? 'Choose a company first' : active.length ? 'Choose a user' : 'This company has no active users'}</option>
                {active.map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.first_name} {u.last_name} · {u.email}
                  </option>
                ))}
              </select>
            )}
          </label>
          {users.isError && <p className="text-sm text-red-600">{errorMessage(users.error)}</p>}
        </div>
      </Dialog>
    </div>
  );
}
