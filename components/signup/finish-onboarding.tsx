'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef } from 'react';
import { updateClientSession } from '@/lib/auth/client-session';
import { Spinner } from '@/components/ui/states';
import { clearOnboarding } from './onboarding-storage';

/**
 * The company exists: the steps kept in the browser go, the session cookie picks up the company
 * (next-auth's jwt callback reloads roles and company on update) and the user lands on the jobs.
 */
export function useFinishOnboarding() {
  const router = useRouter();
  return useCallback(async () => {
    clearOnboarding();
    await updateClientSession();
    router.replace('/company/jobs');
    router.refresh();
  }, [router]);
}

export function FinishOnboarding() {
  const finish = useFinishOnboarding();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void finish();
  }, [finish]);
  return (
    <div className="flex flex-col items-center gap-3 py-20 text-center">
      <Spinner size="large" label="Opening your company" />
      <p className="text-sm text-slate-500">Your company is ready. Opening your jobs…</p>
    </div>
  );
}
