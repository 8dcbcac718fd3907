'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Alert } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { ListStatus, Pager } from '@/components/billing/list-parts';
import { api } from '@/lib/api/client';
import type { AdminRecord } from '@/lib/admin/admins';
import { usDate } from '@/lib/subscriptions/labels';
import { errorsByField } from './form-errors';
import { useDebounced } from './use-debounced';

const PAGE_SIZE = 20;
const EMPTY = { first_name: '', last_name: '', email: '', password: '' };

/** Admins (POST /admin/get-admins, oldest first) with a search by name or email, and Create admin. */
export function AdminList() {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toast = useToast();
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: ['admin', 'admins', search, offset],
    queryFn: () =>
      api<AdminRecord[]>(`/admin/get-admins?offset=${offset}&limit=${PAGE_SIZE}`, {
        method: 'POST',
        body: { filters: search ? [{ field: 'full_name', operator: 'ilike', value: search }] : [], orders: [{ field: 'created_at', direction: 'asc' }] },
      }),
    placeholderData: keepPreviousData,
  });
  const create = useMutation({
    mutationFn: () => api<AdminRecord>('/admin/admins', { method: 'POST', body: values }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['admin', 'admins'] }),
  });
  const admins = query.data?.data ?? [];
  const total = query.data?.pagination?.total ?? 0;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    try {
      const { data } = await create.mutateAsync();
      toast.show('success', `${data.full_name} is now an admin`);
      setValues(EMPTY);
      setCreating(false);
    } catch (error) {
      setErrors(errorsByField(error));
    }
  }

  const set = (k: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [k]: e.target.value }));
  return (
    <section aria-labelledby="admin-list" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <h2 id="admin-list" className="text-lg font-semibold text-slate-900">
          Admins
        </h2>
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Search
            <input type="search" value={text} onChange={(e) => {
              setText(e.target.value);
              setOffset(0);
            }} placeholder="Name" className="rounded-lg border border-slate-300 px-3 py-2 text-sm" />
          </label>
          <Button onClick={() => setCreating(true)}>Create admin</Button>
        </div>
      </div>
      <ListStatus query={query} count={admins.length} loadingLabel="Loading admins" emptyTitle="No admins found" emptyText="No admin matches this search." />
      {admins.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {admins.map((a) => (
            <li key={a.id} data-testid="admin-row" className="flex flex-wrap items-center justify-between gap-2 px-5 py-3 text-sm">
              <span>
                <span className="font-medium text-slate-900">{a.full_name}</span>
                <span className="ml-2 text-slate-500">{a.email}</span>
              </span>
              <span className="text-xs text-slate-500">since {usDate(a.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
      {total > PAGE_SIZE && <Pager offset={offset} pageSize={PAGE_SIZE} total={total} onOffset={setOffset} />}
      <Dialog open={creating} onOpenChange={setCreating} title="Create admin" description="The new admin signs in with this email and password." size="lg">
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          {errors.form && (
            <div className="sm:col-span-2">
              <Alert type="error">{errors.form}</Alert>
            </div>
          )}
          <Field label="First name" value={values.first_name} onChange={set('first_name')} error={errors.first_name} autoFocus />
          <Field label="Last name" value={values.last_name} onChange={set('last_name')} error={errors.last_name} />
          <Field label="Email" type="email" value={values.email} onChange={set('email')} error={errors.email} />
          <Field label="Password" type="password" autoComplete="new-password" value={values.password} onChange={set('password')} error={errors.password} hint="At least 8 characters with a number, a symbol and an uppercase letter." />
          <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={() => setCreating(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create admin
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
