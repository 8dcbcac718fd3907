'use client';

import dynamic from 'next/dynamic';

// The impersonation bar and the admins' pickers are for admins only: their code loads when the
// header renders them, not with every company route's first load. Both still render on the server.
export const LazyImpersonationBar = dynamic(() => import('./impersonation-bar').then((m) => m.ImpersonationBar));
export const LazyImpersonationPicker = dynamic(() => import('./impersonation-picker').then((m) => m.ImpersonationPicker));
