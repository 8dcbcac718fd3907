import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { FastLoginForm } from '@/components/signup/fast-login-form';
import { FAST_LOGIN_COOKIE, isCheckedDriverEmail } from '@/lib/accounts/fast-login';
import { emailCheckSchema } from '@/lib/accounts/schemas';

export const metadata: Metadata = { title: 'Create a company' };

type Search = Record<string, string | string[] | undefined>;

/**
 * /fast-login?email=: the sign-up email check sends an existing driver here. Without a valid email,
 * back to sign-up. "Already registered as a driver" is said only for the email the check found.
 */
export default async function FastLoginPage({ searchParams }: { searchParams: Promise<Search> }) {
  const raw = (await searchParams).email;
  const parsed = emailCheckSchema.safeParse({ email: Array.isArray(raw) ? raw[0] : raw });
  if (!parsed.success) redirect('/signup');
  const checked = await isCheckedDriverEmail(parsed.data.email, (await cookies()).get(FAST_LOGIN_COOKIE)?.value);
  return <FastLoginForm email={parsed.data.email} checkedDriver={checked} />;
}
