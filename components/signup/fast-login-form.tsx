'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { useAuthBusy } from '@/components/shell/auth-frame';
import { Button } from '@/components/ui/button';
import { useHydrated } from './use-hydrated';
import { Alert } from '@/components/ui/states';
import { ALREADY_EMPLOYER_MESSAGE } from '@/lib/accounts/signup-payload';
import { PasswordField } from './password-field';
import { signInInPlace } from './sign-in';

export const DRIVER_NOTICE = 'This email is already registered as a driver, enter your password to create a company';
/** Said when the page cannot vouch that the email is a driver's (it only came from the address bar). */
export const NEUTRAL_NOTICE = 'Enter the password of your driver account to create a company with it.';
const WRONG_CREDENTIALS = 'This email or password is wrong.';

/** next-auth's generic codes mean wrong credentials; the login service's own messages are shown as they are. */
const failureText = (error: string) => (!error || error === 'CredentialsSignin' ? WRONG_CREDENTIALS : error);

/**
 * Create-company-from-driver (accounts spec §2): the driver signs in with create_role, which adds
 * the Employer role to the same account, and goes on to company info. The spec only logs a failed
 * login; a person needs to see it (issue 9), so the failure is shown under the password.
 * `checkedDriver` is true only when the server saw the sign-up check's proof for this email.
 */
export function FastLoginForm({ email, checkedDriver }: { email: string; checkedDriver: boolean }) {
  const hydrated = useHydrated();
  const router = useRouter();
  const { setBusy } = useAuthBusy();
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [alreadyEmployer, setAlreadyEmployer] = useState(false);
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    setAlreadyEmployer(false);
    setFailure(null);
    if (!password) {
      setMissing(true);
      input.current?.focus();
      return;
    }
    setPending(true);
    setBusy(true);
    let leaving = false;
    try {
      const error = await signInInPlace(email, password, { createRole: true });
      if (!error) {
        leaving = true;
        router.replace('/company-info');
        router.refresh();
        return;
      }
      if (error === ALREADY_EMPLOYER_MESSAGE) setAlreadyEmployer(true);
      else {
        console.error('Driver-to-company login failed:', error);
        setFailure(failureText(error));
        setPassword('');
        setTimeout(() => input.current?.focus());
      }
    } finally {
      if (!leaving) {
        setPending(false);
        setBusy(false);
      }
    }
  };

  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Login</h1>
      <div className="mt-6 flex items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold uppercase text-white" aria-hidden>
          {email.charAt(0)}
        </span>
        <span className="min-w-0">
          <span className="block text-xs text-slate-500">{checkedDriver ? 'Email on file' : 'Email'}</span>
          <span className="block truncate text-sm font-medium text-slate-900" data-testid="fast-login-email">
            {email}
          </span>
        </span>
      </div>
      <p className="mt-4 text-sm leading-relaxed text-slate-600">{checkedDriver ? DRIVER_NOTICE : NEUTRAL_NOTICE}</p>

      <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4" aria-label="Create a company with your driver account">
        <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
        <PasswordField
          ref={input}
          label="Password"
          autoComplete="current-password"
          autoFocus
          value={password}
          error={missing && !password ? 'No password provided' : undefined}
          onChange={(e) => {
            setPassword(e.target.value);
            setMissing(false);
          }}
        />
        {failure && <Alert type="error">{failure}</Alert>}
        {alreadyEmployer && (
          <Alert type="error">
            {ALREADY_EMPLOYER_MESSAGE}.{' '}
            <Link href="/login" className="font-semibold underline underline-offset-2">
              Sign in
            </Link>
          </Alert>
        )}
        <Button type="submit" disabled={!hydrated} loading={pending} className="mt-1 w-full py-3">
          Continue
        </Button>
      </form>

      <p className="mt-8 text-center text-sm text-slate-500">
        <Link href="/login" className="font-semibold text-brand-600 hover:text-brand-700 hover:underline">
          Sign in to your driver account
        </Link>
      </p>
      <p className="mt-3 text-center text-sm text-slate-500">
        Not you?{' '}
        <Link href="/signup" className="font-medium text-slate-700 hover:underline">
          Use another email
        </Link>
      </p>
    </div>
  );
}
