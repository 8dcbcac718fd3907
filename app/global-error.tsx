'use client';

import './globals.css';
import { useEffect } from 'react';
import { crashDetail, ErrorScreen } from '@/components/shell/error-screen';

/** A crash in the root layout itself: this replaces the whole document, so the way back is a plain link. */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string; status?: number }; reset: () => void }) {
  useEffect(() => console.error(error), [error]);
  const { status, detail } = crashDetail(error);
  return (
    <html lang="en">
      <body>
        <ErrorScreen status={status} detail={detail}>
          <button type="button" onClick={reset} className="rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700">
            Try again
          </button>
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- the root layout is gone: a full load starts over */}
          <a href="/" className="rounded-lg px-4 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-100">
            Go to the start page
          </a>
        </ErrorScreen>
      </body>
    </html>
  );
}
