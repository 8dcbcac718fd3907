'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Alert, Spinner } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { ApiError, api, errorMessage } from '@/lib/api/client';

type Session = { id: string; device: string; ip: string | null; region: string | null; first_seen: string; last_seen: string; current: boolean; impersonated: boolean };

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * The browser's zone as a short name ('CST', or 'GMT+2' where there is none): the sessions list is
 * about the devices in front of you, so it keeps their (the browser's) zone, and says which
 * (docs/accounts.md).
 */
export function browserZoneName(at = new Date()) {
  return new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'local time';
}

/**
 * "Where you're signed in": the caller's live sessions (GET /auth/sessions). Any other one can be
 * signed out, or all of them but this one; both ask first.
 */
export function SignedInSessions({ framed = true }: { framed?: boolean }) {
  const qc = useQueryClient();
  const toast = useToast();
  const q = useQuery({ queryKey: ['auth', 'sessions'], queryFn: async () => (await api<Session[]>('/auth/sessions')).data });
  const [ending, setEnding] = useState<Session | 'others' | null>(null);
  const end = useMutation({
    mutationFn: (target: Session | 'others') => api(target === 'others' ? '/auth/sessions' : `/auth/sessions/${target.id}`, { method: 'DELETE' }),
    onSuccess: (_, target) => {
      toast.show('success', target === 'others' ? 'Every other session is signed out.' : `${target.device} is signed out.`);
      setEnding(null);
      return qc.invalidateQueries({ queryKey: ['auth', 'sessions'] });
    },
    onError: (error) => toast.show('error', errorMessage(error)),
  });

  const others = q.data?.filter((s) => !s.current) ?? [];
  return (
    <section aria-labelledby="sessions-title" className={framed ? 'max-w-3xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6' : undefined}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="sessions-title" className={framed ? 'text-base font-semibold text-slate-900' : 'text-lg font-semibold text-slate-900'}>
            Where you&apos;re signed in
          </h2>
          <p className="mt-1 text-sm text-slate-500">Sign out anywhere you don&apos;t recognise, then change your password.</p>
        </div>
        {others.length > 0 && (
          <Button variant="secondary" onClick={() => setEnding('others')}>
            Sign out all other sessions
          </Button>
        )}
      </div>
      {q.isPending ? (
        <div className="flex min-h-24 items-center justify-center">
          <Spinner label="Loading your sessions" />
        </div>
      ) : q.isError ? (
        <div className="mt-4">
          {/* An admin acting as the user is refused the list (403, docs/accounts.md): a rule, said as one, not a failure. */}
          <Alert type={q.error instanceof ApiError && q.error.status === 403 ? 'info' : 'error'}>{errorMessage(q.error)}</Alert>
        </div>
      ) : (
        <>
        <p className="mt-3 text-xs text-slate-500">Times in your browser&apos;s time zone ({browserZoneName()}).</p>
        <ul className="mt-2 divide-y divide-slate-100" aria-label="Sessions">
          {q.data.map((s) => (
            <li key={s.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="session-row">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">
                  {s.device}
                  {s.current && <span className="ml-2 rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-700">This device</span>}
                  {s.impersonated && <span className="ml-2 rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-700">Support session</span>}
                </p>
                <p className="text-slate-500">
                  {[s.region ?? 'Region unknown', s.ip].filter(Boolean).join(' · ')}
                </p>
                <p className="text-slate-500">
                  Signed in {when(s.first_seen)} · last seen {when(s.last_seen)}
                </p>
              </div>
              {!s.current && (
                <Button variant="ghost" onClick={() => setEnding(s)} aria-label={`Sign out ${s.device}, last seen ${when(s.last_seen)}`}>
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
        </>
      )}
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => !open && setEnding(null)}
        title={ending === 'others' ? 'Sign out every other session?' : 'Sign out this session?'}
        description={ending === 'others' ? 'Every device but this one is signed out at once.' : ending ? `${ending.device} is signed out at once.` : undefined}
        confirmLabel="Sign out"
        cancelLabel="Cancel"
        tone="danger"
        loading={end.isPending}
        onConfirm={() => {
          if (ending) end.mutate(ending);
        }}
      />
    </section>
  );
}
