'use client';

import { createContext, useContext } from 'react';

/**
 * What this browser keeps for a signed-in person (job drafts) is written under keys that end with
 * the account's id (`tna.<what>.u<id>`), so a second account on the same computer never reads the
 * first one's. Logout removes all of it; a sign-in as another account removes the other accounts'.
 */
export const ACCOUNT_KEY_PREFIX = 'tna.';

/** The signed-in user's id, provided by the portal shell; null outside a signed-in portal. */
export const AccountOwnerContext = createContext<number | null>(null);

export const useAccountOwner = () => useContext(AccountOwnerContext);

/** `tna.<name>.u<owner>`, or null when nobody is signed in (then nothing is kept). */
export function accountKey(name: string, owner: number | null): string | null {
  return owner == null ? null : `${ACCOUNT_KEY_PREFIX}${name}.u${owner}`;
}

function stores(): Storage[] {
  const out: Storage[] = [];
  for (const pick of [() => window.localStorage, () => window.sessionStorage]) {
    try {
      if (typeof window !== 'undefined') out.push(pick());
    } catch {
      // Storage blocked (private mode, sandboxed frame): nothing is kept there either.
    }
  }
  return out;
}

// Only account-scoped keys: the device id (tna.deviceId) and the nav preference stay with the device.
const ACCOUNT_SCOPED = /^tna\..+\.u\d+$/;

function removeKeys(keep: (key: string) => boolean) {
  for (const store of stores()) {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter((k): k is string => !!k);
    for (const key of keys) if (ACCOUNT_SCOPED.test(key) && !keep(key)) store.removeItem(key);
  }
}

/** Logout: every account's kept data goes. */
export function clearAccountStorage() {
  removeKeys(() => false);
}

/** A sign-in as `owner`: what other accounts left on this browser goes (a shared computer). */
export function forgetOtherAccounts(owner: number) {
  removeKeys((key) => key.endsWith(`.u${owner}`));
}
