import { BrandMark } from './brand-mark';

export const OOPS = 'Oops!';
export const UNEXPECTED = 'Sorry, an unexpected error has occurred.';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
};

/**
 * What a crash tells the person: the status text and a reference for support, never the error's own
 * message (a stack line, library text or React's 'Minified React error #…' code means nothing to them).
 */
export function crashDetail(error: { digest?: string; status?: number }): { status: number; detail: string } {
  const status = typeof error.status === 'number' && error.status >= 400 && error.status < 600 ? error.status : 500;
  const text = STATUS_TEXT[status] ?? STATUS_TEXT[500];
  return { status, detail: error.digest ? `${text} (reference ${error.digest})` : text };
}

/** The generic error page of spec §2: 'Oops!', the apology, then the status and its text. */
export function ErrorScreen({ status, detail, title = OOPS, message = UNEXPECTED, children }: { status?: number | string; detail?: string; title?: string; message?: string; children?: React.ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-6 py-16 text-center">
      <BrandMark className="mb-8" />
      {status !== undefined && <p className="text-sm font-semibold uppercase tracking-widest text-brand-600">{status}</p>}
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
      <p className="mt-4 max-w-md text-base text-slate-600">{message}</p>
      {detail && (
        <p className="mt-3 max-w-md break-words text-sm text-slate-500">
          <i>{detail}</i>
        </p>
      )}
      {children && <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{children}</div>}
    </main>
  );
}
