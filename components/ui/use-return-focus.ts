'use client';

import { useLayoutEffect, useRef } from 'react';

/**
 * Focus back to what opened a dialog, for Radix's `onCloseAutoFocus`. Radix returns the focus only
 * to a Dialog.Trigger, and these dialogs are opened by state, so it fell to the page's body: a
 * keyboard user lost their place. What had the focus when `open` turned true (the opener) is read in
 * a layout effect, before Radix moves the focus in (its focus scope does that in a passive effect),
 * and also when the dialog's code was loaded on first open and mounts already open.
 * `fallback`: where the focus goes when the opener is gone by then (the row a dialog deleted); without
 * one the event is left alone, so a caller may place the focus itself (the applicant panel does).
 */
export function useReturnFocus(open: boolean, fallback?: () => HTMLElement | null) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  return (e: Event) => {
    const target = opener.current?.isConnected ? opener.current : (fallback?.() ?? null);
    if (!target) return;
    e.preventDefault();
    target.focus();
  };
}
