/**
 * Shown on every page of a Vercel preview deployment (docs/deploy.md), so nobody mistakes it for
 * production: a corner ribbon that lets clicks through to what is under it.
 */
export function PreviewRibbon() {
  return (
    <div
      role="note"
      aria-label="Preview deployment: test data, sandbox payments"
      className="pointer-events-none fixed bottom-0 right-0 z-[200] h-24 w-24 overflow-hidden print:hidden"
    >
      <span className="absolute bottom-5 right-[-2.25rem] w-36 rotate-[-45deg] bg-amber-500 py-1 text-center text-xs font-bold uppercase tracking-widest text-white shadow-md">
        Preview
      </span>
    </div>
  );
}
