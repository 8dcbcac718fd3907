/**
 * The tabs of one browser tell each other who is signed in (BroadcastChannel). A tab still showing
 * a portal after the account logged out in another tab (applicants' names, phones, emails) clears
 * it at once and goes to /login instead of waiting for its next click; a tab of another account
 * reloads when this browser signs in as someone else. The server refuses the old session either
 * way: this is about what stays on screen. Browser code only (it reads window when called).
 */
export const SESSION_CHANNEL = 'tna-session';

type SessionMessage = ({ type: 'signed-out' } | { type: 'signed-in'; owner: number }) & { from?: string };

/**
 * This page's name on the channel. A page hears its own messages on its other channel objects:
 * the tab logging out would otherwise start a second navigation (to /login?callbackUrl=…) that
 * aborts its own.
 */
const PAGE = Math.random().toString(36).slice(2);

function post(message: SessionMessage) {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage({ ...message, from: PAGE });
  channel.close();
}

export const announceSignedOut = () => post({ type: 'signed-out' });
export const announceSignedIn = (owner: number) => post({ type: 'signed-in', owner });

/**
 * Listens, in a portal whose signed-in account is `owner`, for another tab's sign-out or sign-in
 * as someone else; `leave` runs once. Answers the unsubscribe.
 */
export function watchSessionElsewhere(owner: number, leave: (reason: 'signed-out' | 'other-account') => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.onmessage = (event: MessageEvent<SessionMessage>) => {
    const message = event.data;
    if (message?.from === PAGE) return;
    if (message?.type === 'signed-out') leave('signed-out');
    else if (message?.type === 'signed-in' && message.owner !== owner) leave('other-account');
  };
  return () => channel.close();
}

/** Where a signed-out page sends its reader: /login, back here after signing in again. */
export function loginBackHere(): string {
  const here = `${window.location.pathname}${window.location.search}`;
  return `/login?callbackUrl=${encodeURIComponent(here)}`;
}
