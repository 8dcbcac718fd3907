'use client';

import { deviceId } from '@/lib/auth/device-id';
import { getClientSession, signInWithCredentials, signOutLocally } from '@/lib/auth/client-session';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useAuthBusy } from '@/components/shell/auth-frame';
import { readTermsChoice } from '@/components/shell/terms';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Alert } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { landingFor } from '@/lib/access';
import { SESSION_EXPIRED } from '@/lib/auth/messages';
import type { LoginForm as LoginValues } from '@/lib/auth/schemas';
import { useLightForm } from '@/lib/forms/use-light-form';
import { SocialButtons, type SocialProvider } from '@/components/auth/social-buttons';

// The terms dialog (and the dialog library) only for someone who has not chosen yet: rendered on the
// server when the cookie says so, so it still paints with the page on a first visit (issue 16).
const TermsDialog = dynamic(() => import('@/components/shell/terms-dialog').then((m) => m.TermsDialog));

const loadSchema = () => import('@/lib/auth/schemas').then((m) => m.loginFormSchema);

export const WRONG_CREDENTIALS = 'This email or password is wrong.';
export const VERIFIED = 'Your email has been verified';
export const DENIED = 'Your account cannot open that page.';

type Props = {
  role: 'admin' | 'employer';
  callbackUrl: string | null;
  validated: boolean;
  denied: boolean;
  /** A server page found the session ended (logout, password change or deletion elsewhere). */
  expired?: boolean;
  signedInAs: { email: string; home: string } | null;
  socialProviders: SocialProvider[];
  /** A social sign-in's refusal, in words (lib/auth/social-messages.ts). */
  error: string | null;
  /** The server found no terms choice in the cookies: the terms dialog is open from the first paint. */
  termsOpen?: boolean;
  /** Sent here by sign-up with an address that already has an account: the field starts with it. */
  email?: string;
};


/** next-auth hands back the message thrown by authorize(); its generic codes mean wrong credentials. */
function signInMessage(error: string) {
  return !error || error === 'CredentialsSignin' ? WRONG_CREDENTIALS : error;
}

export function LoginForm({ role, callbackUrl, validated, denied, expired = false, signedInAs, socialProviders, error, termsOpen, email: knownEmail = '' }: Props) {
  const router = useRouter();
  const toast = useToast();
  const { setBusy } = useAuthBusy();
  const [failure, setFailure] = useState<string | null>(error);
  const [pending, setPending] = useState(false);
  // Two fields, validated with the API's schema on submit: no form library on this page (issue 16).
  const { field, handleSubmit } = useLightForm<LoginValues>({ email: knownEmail, password: '' }, loadSchema);

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    setPending(true);
    setBusy(true);
    let leaving = false;
    try {
      const error = await signInWithCredentials({
        email,
        password,
        device_id: deviceId(),
        terms_accepted: String(readTermsChoice() === 'true'),
      });
      if (error) {
        const message = signInMessage(error);
        setFailure(message);
        toast.show('error', message);
        return;
      }
      const session = await getClientSession();
      const user = session?.user;
      // Stay busy until the next page replaces this one.
      leaving = true;
      router.replace(callbackUrl ?? landingFor(user?.roles ?? [], user?.companyId));
      router.refresh();
    } catch {
      setFailure('There was a problem with communication');
    } finally {
      if (!leaving) {
        setPending(false);
        setBusy(false);
      }
    }
  });

  // Back from a social provider with a refusal: the spec's error toast, once, beside the alert.
  const toldError = useRef(false);
  useEffect(() => {
    if (!error || toldError.current) return;
    toldError.current = true;
    toast.show('error', error);
  }, [error, toast]);

  const warned = useRef(false);
  useEffect(() => {
    if (!expired || warned.current) return;
    warned.current = true;
    // The spec's expired-session warning, once: drop the dead cookie and the flag from the address.
    toast.show('warning', SESSION_EXPIRED);
    void signOutLocally();
    const url = new URL(window.location.href);
    url.searchParams.delete('expired');
    window.history.replaceState(window.history.state, '', url.pathname + url.search);
  }, [expired, toast]);

  const forgotHref = `/forgot-password?role=${role}`;

  return (
    <div>
      {termsOpen !== false && <TermsDialog serverOpen={termsOpen} />}
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Welcome</h1>
      <p className="mt-2 text-sm text-slate-500">Sign in to your account{role === 'admin' ? ' to open the Admin Portal' : ''}</p>

      <div className="mt-6 flex flex-col gap-3 empty:hidden">
        {validated && <Alert type="success">{VERIFIED}</Alert>}
        {denied && (
          <Alert type="warning">
            {DENIED}{' '}
            {signedInAs ? (
              <>
                You are signed in as <strong>{signedInAs.email}</strong>.{' '}
                <Link href={signedInAs.home} className="font-semibold underline underline-offset-2">
                  Go to your portal
                </Link>{' '}
                or sign in with another account.
              </>
            ) : (
              'Sign in with an account that has access to it.'
            )}
          </Alert>
        )}
        {failure && <Alert type="error">{failure}</Alert>}
      </div>

      <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4" aria-label="Sign in">
        <Field label="Email" type="email" autoComplete="email" inputMode="email" placeholder="you@company.com" {...field('email')} />
        <div className="flex flex-col gap-1">
          <Field label="Password" type="password" autoComplete="current-password" {...field('password')} />
          <Link href={forgotHref} className="self-end text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline">
            Forgotten password
          </Link>
        </div>
        <Button type="submit" loading={pending} className="mt-2 w-full py-3">
          Continue
        </Button>
      </form>

      {socialProviders.length > 0 && <SocialButtons providers={socialProviders} callbackUrl={callbackUrl} disabled={pending} />}

      <p className="mt-8 text-center text-sm text-slate-500">
        New to the network?{' '}
        <Link href="/signup" className="font-semibold text-brand-600 hover:text-brand-700 hover:underline">
          Create new account
        </Link>
      </p>
      <p className="mt-2 text-center text-sm text-slate-500">
        I&apos;m a driver:{' '}
        <Link
          href={`/signup?role=driver${callbackUrl ? `&callbackUrl=${encodeURIComponent(callbackUrl)}` : ''}`}
          className="font-semibold text-brand-600 hover:text-brand-700 hover:underline"
        >
          create a driver account
        </Link>
      </p>
    </div>
  );
}
