import type { Metadata } from 'next';
import Link from 'next/link';
import { PRODUCT_NAME } from '@/lib/accounts/members-config';

export const metadata: Metadata = { title: 'Account deleted' };

export default function DeletedMembersPage() {
  return (
    <div className="text-center sm:text-left">
      <div className="mx-auto mb-6 grid size-12 place-items-center rounded-full bg-slate-100 text-slate-600 sm:mx-0" aria-hidden>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} className="size-6">
          <path strokeLinecap="round" strokeLinejoin="round" d="m4.5 12.75 6 6 9-13.5" />
        </svg>
      </div>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your account has been deleted.</h1>
      <p className="mt-3 text-sm leading-relaxed text-slate-600">
        We are sorry to see you go. Your personal details have been erased and you have been signed out on every device.
      </p>
      <p className="mt-3 text-sm leading-relaxed text-slate-600">
        You are always welcome to come back: create a new {PRODUCT_NAME} account whenever you like.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link href="/signup" className="inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700">
          Create a new account
        </Link>
        <Link href="/login" className="inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50">
          Go to sign in
        </Link>
      </div>
    </div>
  );
}
