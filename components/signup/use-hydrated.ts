'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true after. Submit buttons stay disabled until then,
 * so a click that comes before the scripts run cannot submit the form natively (a GET that would
 * put the email in the URL).
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
