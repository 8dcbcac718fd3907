'use client';

import { RecommendDialogHost } from '@/components/recommend/recommend-dialog-host';
import { AltHeader } from './alt-header';
import { JobListControlsProvider } from './job-list-controls';

/** The company portal in the alternate layout (newLayout flag): a top header instead of the side nav. */
export function AltShell({ productName, children }: { productName: string; children: React.ReactNode }) {
  return (
    <JobListControlsProvider>
      <div className="min-h-dvh bg-slate-50" data-layout="new">
        <a href="#main" className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
          Skip to content
        </a>
        <AltHeader productName={productName} />
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-10 lg:py-10">
          {children}
        </main>
        <RecommendDialogHost />
      </div>
    </JobListControlsProvider>
  );
}
