'use client';

export const DETECT_MS = 1200;

export function mailtoHref(to: string, subject: string, body: string) {
  return `mailto:${encodeURIComponent(to)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/**
 * Opens the user's mail client and answers whether one seemed to open. Browsers do not say whether
 * a mailto: link has a handler, so this watches for the page losing focus or becoming hidden (the
 * mail app or the browser's "open this app?" prompt taking over) within DETECT_MS. No blur means no
 * handler took the link; a handler that opens silently in the background is reported as missing,
 * which is why the dialog also shows the link and text to copy by hand.
 */
export function openMailClient(href: string, detectMs = DETECT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (opened: boolean) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('blur', onLeave);
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(timer);
      resolve(opened);
    };
    const onLeave = () => done(true);
    const onVisibility = () => document.visibilityState === 'hidden' && done(true);
    window.addEventListener('blur', onLeave);
    document.addEventListener('visibilitychange', onVisibility);
    const timer = setTimeout(() => done(false), detectMs);
    try {
      const a = document.createElement('a');
      a.href = href;
      a.rel = 'noopener';
      a.style.display = 'none';
      document.body.appendChild(a);
      a.click();
      a.remove();
    } catch {
      done(false);
    }
  });
}
