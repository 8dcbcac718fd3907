import type { Metadata } from 'next';
import { ForgotPasswordForm } from './forgot-password-form';

export const metadata: Metadata = { title: 'Forgotten password' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function ForgotPasswordPage({ searchParams }: { searchParams: Search }) {
  const q = await searchParams;
  const role = typeof q.role === 'string' ? q.role : null;
  const email = typeof q.email === 'string' ? q.email : '';
  return <ForgotPasswordForm role={role} defaultEmail={email} />;
}
