'use client';

import { getCsrfToken, useSession } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef } from 'react';
import { Spinner } from '@/components/ui/states';
import { clearOnboarding } from './onboarding-storage';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The company exists: the steps kept in the browser go, the session cookie picks up the company
 * (next-auth's jwt callback reloads roles and company on update) and the user lands on the jobs.
 * next-auth's update() silently does nothing while the session is still loading, so this waits
 * for it, and posts the update itself if next-auth still skipped it.
 */
export function useFinishOnboarding() {
  const session = useSession();
  const router = useRouter();
  const latest = useRef(session);
  useEffect(() => {
    latest.current = session;
  });
  return useCallback(async () => {
    clearOnboarding();
    for (let i = 0; i < 50 && latest.current.status === 'loading'; i++) await sleep(100);
    const updated = await latest.current.update();
    if (!updated?.user?.companyId) {
      await fetch('/api/auth/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ csrfToken: await getCsrfToken(), data: {} }),
      });
    }
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
