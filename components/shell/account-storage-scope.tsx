'use client';

import { useEffect } from 'react';
import { AccountOwnerContext, forgetOtherAccounts } from '@/lib/browser/account-storage';
import { announceSignedIn, loginBackHere, watchSessionElsewhere } from '@/lib/browser/session-channel';
import { hardNavigate } from './navigate';

/**
 * Tells what the browser keeps (job drafts) whose it is, so another account never reads it; on a
 * shared computer, what other accounts left here goes as soon as this one is signed in. Other tabs
 * learn who is signed in here: a sign-out elsewhere hides this page and goes to /login (back here
 * after signing in again), a sign-in as another account reloads it (lib/browser/session-channel.ts).
 */
export function AccountStorageScope({ owner, children }: { owner: number; children: React.ReactNode }) {
  useEffect(() => forgetOtherAccounts(owner), [owner]);
  useEffect(() => {
    announceSignedIn(owner);
    return watchSessionElsewhere(owner, (reason) => {
      // Off the screen at once: the page may show other people's details.
      document.body.style.visibility = 'hidden';
      hardNavigate(reason === 'signed-out' ? loginBackHere() : window.location.href);
    });
  }, [owner]);
  return <AccountOwnerContext.Provider value={owner}>{children}</AccountOwnerContext.Provider>;
}
