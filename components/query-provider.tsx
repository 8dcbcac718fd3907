'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';

export function makeQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } });
}

// One client for the browser's whole visit (the portals' and onboarding's layouts each mount this
// provider, and the cache must survive moving between them); a new one per request on the server.
let browserClient: QueryClient | undefined;
const queryClient = () => (typeof window === 'undefined' ? makeQueryClient() : (browserClient ??= makeQueryClient()));

/**
 * React Query for the screens that read the API from the browser: the portals and company
 * onboarding. Sign-in, sign-up and the public pages do not use it, so it stays out of their
 * first-load JS (issue 16).
 */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  const [client] = useState(queryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
