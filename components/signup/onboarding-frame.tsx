'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BrandMark } from '@/components/shell/brand-mark';
import { logout } from '@/components/shell/logout';

/** The frame of the company steps: brand, who is signed in, a way out, and the step's card. */
export function OnboardingFrame({ productName, email, children }: { productName: string; email: string; children: React.ReactNode }) {
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50">
      <header className="border-b border-slate-200/70 bg-white/80 backdrop-blur">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <div className="flex items-center gap-3">
            <BrandMark />
            <span className="text-lg font-bold tracking-tight text-slate-900">{productName}</span>
          </div>
          <div className="flex min-w-0 items-center gap-3 text-sm">
            <span className="hidden truncate text-slate-500 sm:inline">
              Signed in as <span className="font-medium text-slate-700">{email}</span>
            </span>
            <button
              type="button"
              disabled={leaving}
              onClick={() => {
                setLeaving(true);
                void logout(queryClient);
              }}
              className="shrink-0 rounded-lg px-3 py-1.5 font-medium text-slate-600 transition hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50"
            >
              Log out
            </button>
          </div>
        </div>
      </header>
      <main className="flex flex-1 justify-center px-4 py-8 sm:px-6 sm:py-14">
        <div className="w-full max-w-xl">{children}</div>
      </main>
    </div>
  );
}

/** 'Step 1 of 2' with a bar, above each step's card. */
export function StepHeader({ step, title, subtitle }: { step: 1 | 2; title: string; subtitle: string }) {
  return (
    <div className="mb-6">
      <div className="flex items-center justify-between text-xs font-semibold uppercase tracking-wider text-brand-700">
        <span>Set up your company</span>
        <span className="text-slate-500">Step {step} of 2</span>
      </div>
      <div className="mt-2 grid grid-cols-2 gap-1.5" aria-hidden>
        <span className="h-1.5 rounded-full bg-brand-600" />
        <span className={step === 2 ? 'h-1.5 rounded-full bg-brand-600' : 'h-1.5 rounded-full bg-slate-200'} />
      </div>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-2 text-sm text-slate-500">{subtitle}</p>
    </div>
  );
}

export function Card({ children }: { children: React.ReactNode }) {
  return <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>;
}
