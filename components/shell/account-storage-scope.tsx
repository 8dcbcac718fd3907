'use client';

import { useEffect } from 'react';
import { AccountOwnerContext, forgetOtherAccounts } from '@/lib/browser/account-storage';

/**
 * Tells what the browser keeps (job drafts) whose it is, so another account never reads it; on a
 * shared computer, what other accounts left here goes as soon as this one is signed in.
 */
export function AccountStorageScope({ owner, children }: { owner: number; children: React.ReactNode }) {
  useEffect(() => forgetOtherAccounts(owner), [owner]);
  return <AccountOwnerContext.Provider value={owner}>{children}</AccountOwnerContext.Provider>;
}
