'use client';

import { ToastProvider } from '@/components/ui/toast';
// People read zod's messages in every form: install the plain-words error map in the browser too.
import '@/lib/validation/messages';

// zod probes for eval support (`new Function`) on its first object parse; under the pages' CSP
// (no 'unsafe-eval') that probe is a reported violation. jitless skips the probe and the compiled
// fast path. Set through zod's own global config object, so no zod code joins this root bundle.
((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {}).jitless = true;

/** The whole app's providers: toasts. React Query is the portals' own (components/query-provider.tsx). */
export function Providers({ children }: { children: React.ReactNode }) {
  return <ToastProvider>{children}</ToastProvider>;
}
