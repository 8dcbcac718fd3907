'use client';

import Link from 'next/link';
import { useEffect } from 'react';
import { crashDetail, ErrorScreen } from '@/components/shell/error-screen';
import { Button } from '@/components/ui/button';

/** A rendering crash anywhere below the root layout lands here; the error itself goes to the console only. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string; status?: number }; reset: () => void }) {
  useEffect(() => console.error(error), [error]);
  const { status, detail } = crashDetail(error);
  return (
    <ErrorScreen status={status} detail={detail}>
      <Button onClick={reset}>Try again</Button>
      <Link href="/" className="rounded-lg px-4 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-100">
        Go to the start page
      </Link>
    </ErrorScreen>
  );
}
