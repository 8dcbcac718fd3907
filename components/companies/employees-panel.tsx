'use client';

import dynamic from 'next/dynamic';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Alert, EmptyState, Spinner } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { api, errorMessage } from '@/lib/api/client';
import { formatPhoneMask } from '@/lib/auth/phone';
import type { EmployeeView } from '@/lib/companies/employees';
import { offsetAfterEmptyPage } from '@/lib/paging/total';
import { portalDateText } from '@/lib/validation/portal-date';

// The add/edit panel (and the dialog library) loads when it first opens (issue 16: first-load JS).
// `loading`: a Suspense boundary of its own, so the first open does not hide the page (see ui/dialog.tsx).
const EmployeeSlider = dynamic(() => import('./employee-slider').then((m) => m.EmployeeSlider), { loading: () => null });

const PAGE = 20;
type Pending = { kind: 'status' | 'reset'; employee: EmployeeView } | null;
const fullName = (e: EmployeeView) => `${e.first_name} ${e.last_name}`;
const date = (iso: string) => portalDateText(new Date(iso));

/**
 * The employees panel (jobs spec §2): the list, the add-employee slider, the modals to change an
 * employee's status and to mail them a password reset code. A company user sees the list only;
 * the API refuses them the changes too.
 */
export function EmployeesPanel({ companyId, canManage, selfId, admin = false }: { companyId: number; canManage: boolean; selfId: number; admin?: boolean }) {
  const base = `${admin ? '/admin' : ''}/companies/${companyId}/employers`;
  const qc = useQueryClient();
  const toast = useToast();
  const [offset, setOffset] = useState(0);
  const [slider, setSlider] = useState<{ employee: EmployeeView | null } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const key = ['companies', companyId, 'employees', offset];
  const q = useQuery({
    queryKey: key,
    queryFn: () => api<EmployeeView[]>(`${base}?offset=${offset}&limit=${PAGE}`),
    placeholderData: keepPreviousData,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['companies', companyId, 'employees'] });
  const act = useMutation({
    mutationFn: async ({ kind, employee }: NonNullable<Pending>) =>
      kind === 'reset'
        ? (await api<{ message: string }>(`${base}/${employee.id}/password-reset`, { method: 'POST' })).data.message
        : statusMessage(employee, (await api<EmployeeView & { removed?: boolean }>(`${base}/${employee.id}`, { method: 'PATCH', body: { active: !employee.active } })).data),
    onSuccess: (message) => {
      toast.show('success', message);
      setPending(null);
      return refresh();
    },
    onError: (error) => {
      toast.show('error', errorMessage(error));
      setPending(null);
    },
  });

  const total = q.data?.pagination?.total ?? 0;
  // A page emptied by the change just made (a driver-member removed from the company) or by another
  // admin: back to the last page that still has rows, not "No employees yet" beside them.
  const back = q.isSuccess && !q.isPlaceholderData ? offsetAfterEmptyPage(offset, PAGE, q.data.data.length, total) : null;
  if (back !== null) setOffset(back);
  const actions = (e: EmployeeView) => (
    <div className="mt-1 flex flex-wrap justify-end gap-1 md:mt-0 md:flex-nowrap">
      <ActionButton onClick={() => setSlider({ employee: e })} label={`Edit ${fullName(e)}`}>
        Edit
      </ActionButton>
      {e.active && (
        <ActionButton onClick={() => setPending({ kind: 'reset', employee: e })} label={`Reset password of ${fullName(e)}`}>
          Reset password
        </ActionButton>
      )}
      {e.id !== selfId && (
        <ActionButton danger={e.active} onClick={() => setPending({ kind: 'status', employee: e })} label={`${e.active ? 'Deactivate' : 'Reactivate'} ${fullName(e)}`}>
          {e.active ? 'Deactivate' : 'Reactivate'}
        </ActionButton>
      )}
    </div>
  );
  return (
    <section aria-labelledby="employees-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="employees-title" className="text-base font-semibold text-slate-900">
            Employees
          </h2>
          <p className="mt-1 text-sm text-slate-500">{canManage ? 'Who can sign in for your company, and what they may do.' : 'Who can sign in for your company. A company admin adds and changes employees.'}</p>
        </div>
        {canManage && <Button onClick={() => setSlider({ employee: null })}>Add employee</Button>}
      </div>
      {q.isPending ? (
        <div className="flex min-h-32 items-center justify-center">
          <Spinner label="Loading employees" />
        </div>
      ) : q.isError ? (
        <div className="mt-4">
          <Alert type="error">{errorMessage(q.error)}</Alert>
        </div>
      ) : q.data.data.length === 0 ? (
        <div className="mt-4">
          <EmptyState title="No employees yet">Add the people who post jobs for your company.</EmptyState>
        </div>
      ) : (
        <div className="mt-4">
          {/* Phones: one card per employee; wider screens: the table. */}
          <ul className="divide-y divide-slate-100 md:hidden" aria-label="Employees">
            {q.data.data.map((e) => (
              <li key={e.id} className="py-3 text-sm" data-testid="employee-card">
                <div className="flex items-center justify-between gap-2">
                  <p className="font-medium text-slate-900">{fullName(e)}</p>
                  <Status active={e.active} />
                </div>
                <p className="truncate text-slate-600">{e.email}</p>
                <p className="text-slate-500">
                  {e.role === 'company_admin' ? 'Company admin' : 'Company user'} · {e.phone ? formatPhoneMask(e.phone) : 'No phone'} · since {date(e.created_at)}
                </p>
                {canManage && actions(e)}
              </li>
            ))}
          </ul>
          {/* Scrolls sideways inside the card rather than widening the page (1024 px with the side nav). */}
          <div className="relative hidden overflow-x-auto md:block">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="py-2 pr-3 font-medium">Name</th>
                  <th className="py-2 pr-3 font-medium">Email</th>
                  <th className="py-2 pr-3 font-medium">Phone</th>
                  <th className="py-2 pr-3 font-medium">Role</th>
                  <th className="py-2 pr-3 font-medium">Status</th>
                  <th className="py-2 pr-3 font-medium">Created</th>
                  {canManage && (
                    <th className="py-2 font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {q.data.data.map((e) => (
                  <tr key={e.id} data-testid="employee-row">
                    <td className="py-3 pr-3 font-medium text-slate-900">{fullName(e)}</td>
                    <td className="max-w-[14rem] truncate py-3 pr-3 text-slate-600" title={e.email}>
                      {e.email}
                    </td>
                    <td className="whitespace-nowrap py-3 pr-3 text-slate-600">{e.phone ? formatPhoneMask(e.phone) : '—'}</td>
                    <td className="whitespace-nowrap py-3 pr-3 text-slate-600">{e.role === 'company_admin' ? 'Company admin' : 'Company user'}</td>
                    <td className="py-3 pr-3">
                      <Status active={e.active} />
                    </td>
                    <td className="whitespace-nowrap py-3 pr-3 text-slate-600">{date(e.created_at)}</td>
                    {canManage && (
                      <td className="py-2">
                        {actions(e)}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {total > PAGE && (
            <div className="mt-4 flex items-center justify-between text-sm text-slate-600">
              <span>
                {offset + 1}–{Math.min(offset + PAGE, total)} of {total}
              </span>
              <div className="flex gap-2">
                <Button variant="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
                  Previous
                </Button>
                <Button variant="secondary" disabled={offset + PAGE >= total} onClick={() => setOffset(offset + PAGE)}>
                  Next
                </Button>
              </div>
            </div>
          )}
        </div>
      )}
      {slider && (
        <EmployeeSlider
          key={slider.employee?.id ?? 'new'}
          base={base}
          employee={slider.employee}
          open
          onOpenChange={(open) => !open && setSlider(null)}
          onSaved={(saved, added) => {
            toast.show('success', added ? `${fullName(saved)} can now sign in.` : 'Updated successfully');
            setSlider(null);
            void refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.kind === 'reset' ? 'Send a password reset code?' : pending?.employee.active ? 'Deactivate this employee?' : 'Reactivate this employee?'}
        description={
          !pending
            ? undefined
            : pending.kind === 'reset'
              ? `We email ${pending.employee.email} a code to set a new password. Nobody else sees it.`
              : pending.employee.active
                ? `${fullName(pending.employee)} is signed out everywhere at once and can no longer sign in to the company.`
                : `${fullName(pending.employee)} can sign in again with their password.`
        }
        confirmLabel={pending?.kind === 'reset' ? 'Send code' : pending?.employee.active ? 'Deactivate' : 'Reactivate'}
        cancelLabel="Cancel"
        tone={pending?.kind === 'status' && pending.employee.active ? 'danger' : 'primary'}
        loading={act.isPending}
        onConfirm={() => {
          if (pending) act.mutate(pending);
        }}
      />
    </section>
  );
}

/**
 * What a status change did. Someone who also uses TNA as a driver is taken out of the company
 * rather than switched off (their account is their own: lib/companies/employees.ts), so they
 * leave the list.
 */
function statusMessage(employee: EmployeeView, saved: EmployeeView & { removed?: boolean }) {
  if (saved.removed) return `${fullName(employee)} is no longer part of the company and is signed out everywhere. Their own driver account stays theirs.`;
  return saved.active ? `${fullName(employee)} is active again.` : `${fullName(employee)} is deactivated and signed out everywhere.`;
}

function Status({ active }: { active: boolean }) {
  return <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${active ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-600'}`}>{active ? 'Active' : 'Inactive'}</span>;
}

function ActionButton({ onClick, label, danger, children }: { onClick: () => void; label: string; danger?: boolean; children: React.ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`whitespace-nowrap rounded-md px-2 py-1 text-xs font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${danger ? 'text-red-700 hover:bg-red-50' : 'text-brand-700 hover:bg-brand-50'}`}
    >
      {children}
    </button>
  );
}
