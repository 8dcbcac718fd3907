import { BrandMark } from './icons';

export const OOPS = 'Oops!';
export const UNEXPECTED = 'Sorry, an unexpected error has occurred.';

/** The generic error page of spec §2: 'Oops!', the apology, then the status and its text or message. */
export function ErrorScreen({ status, detail, title = OOPS, message = UNEXPECTED, children }: { status?: number | string; detail?: string; title?: string; message?: string; children?: React.ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-6 py-16 text-center">
      <BrandMark className="mb-8" />
      {status !== undefined && <p className="text-sm font-semibold uppercase tracking-widest text-brand-600">{status}</p>}
      <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
      <p className="mt-4 max-w-md text-base text-slate-600">{message}</p>
      {detail && (
        <p className="mt-3 max-w-md text-sm text-slate-500">
          <i>{detail}</i>
        </p>
      )}
      {children && <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{children}</div>}
    </main>
  );
}
