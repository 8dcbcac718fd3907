import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { safeCallbackUrl } from '@/components/shell/nav-model';
import { SignupForm } from '@/components/signup/signup-form';
import { landingFor } from '@/lib/access';
import { readSignupPrefill } from '@/lib/accounts/signup-prefill';
import { getSessionUser } from '@/lib/auth/server';
import { enabledSocialProviders } from '@/lib/auth/next-auth';
import { SocialButtons } from '@/components/auth/social-buttons';
import { config } from '@/lib/config';

export const metadata: Metadata = { title: 'Sign up' };

type Search = Record<string, string | string[] | undefined>;

export default async function SignupPage({ searchParams }: { searchParams: Promise<Search> }) {
  const q = await searchParams;
  const callbackUrl = safeCallbackUrl(Array.isArray(q.callbackUrl) ? q.callbackUrl[0] : q.callbackUrl);
  const user = await getSessionUser();
  // Signed in already (the background login after sign-up, say): carry on where that account belongs.
  if (user) redirect(callbackUrl ?? landingFor(user.roles, user.companyId));
  const providers = await enabledSocialProviders();
  return (
    <>
      <SignupForm prefill={{ ...readSignupPrefill(q), callbackUrl }} productName={config.productName} />
      {/* A social sign-up makes a driver account (employers sign up with the form above). */}
      {providers.length > 0 && <SocialButtons providers={providers} callbackUrl={callbackUrl} />}
    </>
  );
}
