'use client';

import Link from 'next/link';
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { hardNavigate } from '@/components/shell/navigate';
import { errorMessage } from '@/lib/api/client';
import { labelOf } from '@/lib/jobs/code-list';
import { JOB_STATUSES } from '@/lib/jobs/job-statuses';
import type { CompanyListRow } from '@/lib/admin/company-search';
import { useCompanyJobs, useCompanyUsers } from '@/lib/admin/hooks';
import { startImpersonation } from '@/lib/auth/impersonation-client';
import { useAdminBoost } from '@/lib/jobs/admin-boost';

const ContactDialog = dynamic(() => import('./contact-review-dialog').then((m) => m.ContactReviewDialog), { ssr: false });
const BoostConfirm = dynamic(() => import('./boost-confirm-dialog').then((m) => m.BoostConfirmDialog), { ssr: false });
const UserEditDialog = dynamic(() => import('./employer-edit-dialog').then((m) => m.EmployerEditDialog), { ssr: false });

const linkClass = 'font-medium text-brand-700 hover:underline';

/** The expanded company row: its users (impersonate, edit, set a password) and its latest jobs (edit, boost, write to the company). */
export function CompanyRowDetail({ company }: { company: CompanyListRow }) {
  const users = useCompanyUsers(company.id);
  const jobs = useCompanyJobs(company.id);
  const boost = useAdminBoost();
  const toast = useToast();
  const [busy, setBusy] = useState<number | null>(null);
  const [contact, setContact] = useState<{ id: number; title: string } | null>(null);
  const [editUser, setEditUser] = useState<number | null>(null);
  // Boosting features the job for days, makes a $0 order and mails the company: asked first.
  const [boosting, setBoosting] = useState<{ id: number; title: string } | null>(null);

  async function impersonate(userId: number) {
    setBusy(userId);
    try {
      const answer = await startImpersonation(userId);
      hardNavigate(answer.redirect);
    } catch (e) {
      toast.show('error', errorMessage(e));
      setBusy(null);
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div>
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-sm font-semibold text-slate-900">Users of {company.companyName}</h3>
          <span className="flex gap-3 text-sm">
            <Link className={linkClass} href={`/company/settings/company-settings?company=${company.id}`}>
              Company settings
            </Link>
            <Link className={linkClass} href="/admin/company-list/job">
              Post a job
            </Link>
          </span>
        </div>
        {users.isPending ? (
          <Spinner size="small" label="Loading users" />
        ) : users.isError ? (
          <p className="text-sm text-red-600">{errorMessage(users.error)}</p>
        ) : users.data.length === 0 ? (
          <p className="text-sm text-slate-500">This company has no users yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {users.data.map((u) => (
              <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2.5 text-sm">
                <span className="min-w-0">
                  <span className="font-medium text-slate-900">
                    {u.first_name} {u.last_name}
                  </span>
                  <span className="ml-2 text-slate-500">{u.email}</span>
                  <span className="ml-2 text-xs text-slate-500">{u.role === 'company_admin' ? 'Company admin' : 'Company user'}{u.active ? '' : ' · deactivated'}</span>
                </span>
                <span className="flex gap-2">
                  <Button variant="ghost" className="px-2 py-1" onClick={() => setEditUser(u.id)} aria-label={`Edit ${u.first_name} ${u.last_name}`}>
                    Edit
                  </Button>
                  <Button variant="secondary" className="px-3 py-1" loading={busy === u.id} disabled={!u.active || busy !== null} onClick={() => impersonate(u.id)} aria-label={`Impersonate ${u.first_name} ${u.last_name}`}>
                    Impersonate
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Latest jobs</h3>
        {jobs.isPending ? (
          <Spinner size="small" label="Loading jobs" />
        ) : jobs.isError ? (
          <p className="text-sm text-red-600">{errorMessage(jobs.error)}</p>
        ) : jobs.data.data.length === 0 ? (
          <p className="text-sm text-slate-500">No jobs posted yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {jobs.data.data.map((j) => (
              <li key={j.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2.5 text-sm">
                <span className="min-w-0">
                  <span className="font-medium text-slate-900">{j.title}</span>
                  {/* The Company Portal's own words (Active, Inactive, Cancelled); CSS capitalize missed a title ending in ")". */}
                  <span className="ml-2 text-xs text-slate-500">{labelOf(JOB_STATUSES, j.status)}</span>
                </span>
                <span className="flex flex-wrap gap-3">
                  <Link className={linkClass} href={`/admin/company-list/${j.id}/job-content`} prefetch={false}>
                    Edit
                  </Link>
                  <Link className={linkClass} href={`/admin/company-list/${j.id}/address`} prefetch={false}>
                    Addresses
                  </Link>
                  {/* Only a live job can be boosted (the server refuses the others): not offered on the rest. */}
                  {j.status === 'active' && (
                    <button
                      type="button"
                      className={linkClass}
                      disabled={boost.isPending || j.boost_active}
                      onClick={() => setBoosting({ id: j.id, title: j.title })}
                    >
                      {j.boost_active ? 'Boosted' : 'Boost'}
                    </button>
                  )}
                  <button type="button" className={linkClass} onClick={() => setContact({ id: j.id, title: j.title })}>
                    Contact
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {contact && <ContactDialog job={contact} onClose={() => setContact(null)} />}
      {editUser !== null && <UserEditDialog userId={editUser} user={users.data?.find((u) => u.id === editUser) ?? null} onClose={() => setEditUser(null)} />}
      {boosting && (
        <BoostConfirm
          job={boosting}
          loading={boost.isPending}
          onCancel={() => setBoosting(null)}
          onConfirm={() => {
            const job = boosting;
            boost.mutate(job.id, {
              onSuccess: () => toast.show('success', `“${job.title}” is boosted`),
              onError: (e) => toast.show('error', errorMessage(e)),
              onSettled: () => setBoosting(null),
            });
          }}
        />
      )}
    </div>
  );
}
