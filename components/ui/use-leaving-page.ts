'use client';

import { useEffect, useRef } from 'react';

/**
 * True from the moment a click on a link starts a navigation to another page. A screen that keeps
 * its state in the address (history.replaceState after a debounce) checks it first: Next treats a
 * replaceState during a pending navigation as the page's new state and drops the navigation, so a
 * search typed just before a click on a row's link would otherwise keep the user on the list.
 */
export function useLeavingPage() {
  const leaving = useRef(false);
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || (link.target && link.target !== '_self')) return;
      const to = new URL(link.href, window.location.href);
      if (to.origin === window.location.origin && to.pathname !== window.location.pathname) leaving.current = true;
    };
    // Capture phase, before the link's own handler: Next's Link cancels the click (preventDefault)
    // and navigates itself, so defaultPrevented says nothing here.
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
  return leaving;
}
