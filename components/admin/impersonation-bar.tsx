'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api/client';
import { mmss, secondsLeft } from '@/lib/auth/countdown';
import { renewImpersonation } from '@/lib/auth/impersonation-client';
import { leaveToAdminPortal } from './leave-impersonation';
import type { ImpersonationInfo } from '@/lib/auth/impersonation-session';

export const SESSION_EXPIRED_TITLE = 'Session has expired.';

/**
 * Shown while an admin impersonates a company user: who, for which company, and the session
 * countdown (mm:ss from 600 s). The server ends the session at the same moment; at 0 the dialog
 * 'Session has expired.' offers Renew (a new 600 s session) or Leave (back to the Admin Portal).
 */
export function ImpersonationBar({ info }: { info: ImpersonationInfo }) {
  // The deadline on this browser's clock: now plus what the server said was left.
  const [expiresAt, setExpiresAt] = useState(() => Date.now() + info.expiresInMs);
  const [left, setLeft] = useState(() => Math.ceil(info.expiresInMs / 1000));
  const [busy, setBusy] = useState<'renew' | 'leave' | null>(null);
  const toast = useToast();

  useEffect(() => {
    const tick = () => setLeft(secondsLeft(expiresAt));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);

  async function renew() {
    setBusy('renew');
    try {
      const answer = await renewImpersonation();
      if (answer.impersonation) setExpiresAt(Date.now() + answer.impersonation.expiresInMs);
    } catch (e) {
      toast.show('error', errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  async function leave() {
    setBusy('leave');
    await leaveToAdminPortal();
  }

  const expired = left === 0;
  return (
    <div role="region" aria-label="Impersonation" className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="min-w-0">
        <span className="font-semibold">{info.adminName}</span> is acting as <span className="font-semibold">{info.userName}</span>
        {info.companyName && <> of {info.companyName}</>}. Every change is recorded in the audit log.
      </p>
      <div className="flex items-center gap-3">
        <span role="timer" className="rounded-md bg-white px-2 py-1 font-mono text-base font-semibold tabular-nums text-amber-900 ring-1 ring-amber-300" aria-label={`Session time left ${mmss(left)}`} data-testid="session-countdown">
          {mmss(left)}
        </span>
        <Button variant="secondary" className="px-3 py-1.5" onClick={renew} loading={busy === 'renew'} disabled={busy !== null}>
          Renew
        </Button>
        <Button variant="secondary" className="px-3 py-1.5" onClick={leave} loading={busy === 'leave'} disabled={busy !== null}>
          Leave
        </Button>
      </div>
      <Dialog
        open={expired}
        onOpenChange={() => undefined}
        dismissible={false}
        size="sm"
        title={SESSION_EXPIRED_TITLE}
        description={`Your session as ${info.userName} ended. Renew it to go on, or leave to the Admin Portal.`}
        footer={
          <>
            <Button variant="secondary" onClick={leave} loading={busy === 'leave'} disabled={busy !== null}>
              Leave
            </Button>
            <Button onClick={renew} loading={busy === 'renew'} disabled={busy !== null}>
              Renew
            </Button>
          </>
        }
      />
    </div>
  );
}
