'use client';

export type SignupEvent = 'signup_start' | 'signup_success' | 'signup_error';

/**
 * The sign-up flow's tracking events (accounts spec §5): pushed to a tag manager's dataLayer when
 * the page has one, and dispatched as a `tna:track` DOM event for any other analytics listener.
 */
export function track(event: SignupEvent, detail: Record<string, unknown> = {}) {
  if (typeof window === 'undefined') return;
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer?.push({ event, ...detail });
  window.dispatchEvent(new CustomEvent('tna:track', { detail: { event, ...detail } }));
}
