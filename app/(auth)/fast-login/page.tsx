import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { FastLoginForm } from '@/components/signup/fast-login-form';
import { emailCheckSchema } from '@/lib/accounts/schemas';

export const metadata: Metadata = { title: 'Create a company' };

type Search = Record<string, string | string[] | undefined>;

/** /fast-login?email=: the sign-up email check sends an existing driver here. Without a valid email, back to sign-up. */
export default async function FastLoginPage({ searchParams }: { searchParams: Promise<Search> }) {
  const raw = (await searchParams).email;
  const parsed = emailCheckSchema.safeParse({ email: Array.isArray(raw) ? raw[0] : raw });
  if (!parsed.success) redirect('/signup');
  return <FastLoginForm email={parsed.data.email} />;
}
