'use client';

import { useEffect, useRef } from 'react';

/**
 * The job the driver has just applied to from its page, and when: the Apply form is replaced by the
 * server's "You applied on …" after router.refresh(), and the focus, on the removed form's button,
 * fell to the page's body. Kept in the module (it lives as long as the tab's app), read once.
 */
let justApplied: { jobId: number; at: number } | null = null;
/** A refresh that takes longer than this is not waited for: a later visit to the page must not move the focus. */
const FRESH_MS = 60_000;

/** Said by ApplyButton when the application was sent. */
export function markJustApplied(jobId: number) {
  justApplied = { jobId, at: Date.now() };
}

/** Whether the job was just applied to (once: a later visit to its page is a visit, not the apply). */
function takeJustApplied(jobId: number) {
  const fresh = justApplied !== null && justApplied.jobId === jobId && Date.now() - justApplied.at < FRESH_MS;
  if (justApplied?.jobId === jobId) justApplied = null;
  return fresh;
}

/** The focusable confirmation, in the style of the portal's focus rings (tabIndex -1: focused by script, not a Tab stop). */
export const CONFIRMATION_CLASS = 'rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-brand-200 focus-visible:ring-offset-4';

/**
 * "You applied on …" on the portal's job page: a status, and the focus's place when it replaces the
 * Apply form (keyboard and screen-reader users hear that it worked and go on from there). On a plain
 * visit to the page it does not take the focus.
 */
export function AppliedStatus({ jobId, children }: { jobId: number; children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeJustApplied(jobId)) ref.current?.focus();
  }, [jobId]);
  return (
    <div ref={ref} role="status" tabIndex={-1} className={CONFIRMATION_CLASS}>
      {children}
    </div>
  );
}
