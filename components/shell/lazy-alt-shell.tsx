'use client';

import dynamic from 'next/dynamic';

/**
 * The alternate layout's frame, loaded only when the newLayout flag is on: a client component a
 * layout merely imports is first-load JS of every route under it, rendered or not. Still rendered
 * on the server, so the first paint has the right frame.
 */
export const LazyAltShell = dynamic(() => import('./alt/alt-shell').then((m) => m.AltShell));
