import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { safeCallbackUrl } from '@/components/shell/nav-model';
import { TERMS_COOKIE } from '@/components/shell/terms';
import { landingFor } from '@/lib/access';
import { enabledSocialProviders } from '@/lib/auth/next-auth';
import { getSessionUser } from '@/lib/auth/server';
import { signInErrorMessage } from '@/lib/auth/social-messages';
import { LoginForm } from './login-form';

export const metadata: Metadata = { title: 'Sign in' };

type Search = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function LoginPage({ searchParams }: { searchParams: Promise<Search> }) {
  const q = await searchParams;
  const callbackUrl = safeCallbackUrl(first(q.callbackUrl));
  const user = await getSessionUser();
  // Already signed in (or back from a social provider): continue to the user's own page. A user the
  // gate turned away (denied=1) stays, to read why and to sign in with another account.
  if (user && first(q.denied) !== '1' && first(q.validated) !== 'true') redirect(callbackUrl ?? landingFor(user.roles, user.companyId));

  const terms = (await cookies()).get(TERMS_COOKIE)?.value;
  const admin = first(q.role) === 'admin' || (callbackUrl ?? '').startsWith('/admin');
  return (
    <LoginForm
      role={admin ? 'admin' : 'employer'}
      callbackUrl={callbackUrl}
      validated={first(q.validated) === 'true'}
      denied={first(q.denied) === '1'}
      expired={!user && first(q.expired) === '1'}
      signedInAs={user ? { email: user.email ?? '', home: landingFor(user.roles, user.companyId) } : null}
      socialProviders={await enabledSocialProviders()}
      error={signInErrorMessage(first(q.error), first(q.provider))}
      termsOpen={terms !== 'true' && terms !== 'false'}
      email={(first(q.email) ?? '').trim().slice(0, 64)}
    />
  );
}
