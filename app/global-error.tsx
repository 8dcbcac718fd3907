'use client';

import './globals.css';
import { ErrorScreen } from '@/components/shell/error-screen';

/** A crash in the root layout itself: this replaces the whole document. */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body>
        <ErrorScreen status={500} detail={[error.message || 'Internal server error', error.digest && `(reference ${error.digest})`].filter(Boolean).join(' ')}>
          <button type="button" onClick={reset} className="rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700">
            Try again
          </button>
        </ErrorScreen>
      </body>
    </html>
  );
}
