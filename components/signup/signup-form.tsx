'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAuthBusy } from '@/components/shell/auth-frame';
import { PRIVACY_URL, TERMS_URL } from '@/components/shell/terms';
import { Button } from '@/components/ui/button';
import { useHydrated } from './use-hydrated';
import { Field } from '@/components/ui/field';
import { Alert } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { api, ApiError, errorMessage, NETWORK_ERROR } from '@/lib/api/client';
import { formatPhoneMask } from '@/lib/auth/phone';
import type { SignupFormOutput, SignupFormValues, SignupRole } from '@/lib/accounts/schemas';
import { SIGNUP_FAILED, toSignupPayload } from '@/lib/accounts/signup-payload';
import { lazyZodResolver } from '@/lib/forms/lazy-resolver';
import type { EmailCheckResult } from '@/lib/accounts/signup';
import type { SignupPrefill } from '@/lib/accounts/signup-prefill';
import { readRecentSignup, readStep, writeStep, type StoredSignup } from './onboarding-storage';
import { PasswordField } from './password-field';
import { signInInPlace } from './sign-in';
import { track } from './track';

// The schema (and zod) load on the first validation, not with the page.
const resolver = lazyZodResolver<SignupFormValues, SignupFormOutput>(() => import('@/lib/accounts/schemas').then((m) => m.signupFormSchema));

const PAYLOAD_FIELDS: Record<string, keyof SignupFormValues> = { first_name: 'firstName', last_name: 'lastName', tn_newsletters: 'acceptEmails' };

/** The email check: a fresh 5-second token from the server right before each call. */
async function checkEmail(email: string) {
  const { data } = await api<{ token: string }>('/auth/email-check-token');
  return (await api<EmailCheckResult>('/auth/validate-employer-email', { method: 'POST', body: { email }, headers: { authorization: `Bearer ${data.token}` } })).data;
}

/** The message under the form (spec §8): the response's own message, else the default. */
function failureMessage(error: unknown) {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) return error.errors[0]?.message || SIGNUP_FAILED;
  // No answer at all is not a failed sign-up: the catalogue's network message tells them to retry (spec §8).
  if (errorMessage(error) === NETWORK_ERROR) return NETWORK_ERROR;
  return SIGNUP_FAILED;
}

/** Merges a change into this tab's first step and stamps it (an old one is not offered back). */
function remember(change: Partial<StoredSignup>) {
  writeStep('signup', { ...(readStep('signup') ?? ({} as StoredSignup)), ...change, savedAt: Date.now() });
}

const DETAILS_CLEARED = { confirmEmail: '', firstName: '', lastName: '', phone: '', acceptEmails: false } as const;

/** The text fields a link may prefill (never the role: that is the page's, not a value to restore). */
const PREFILLED = ['email', 'confirmEmail', 'firstName', 'lastName', 'phone'] as const;
const prefilledText = (prefill: SignupPrefill, except?: (typeof PREFILLED)[number]) =>
  Object.fromEntries(PREFILLED.filter((k) => k !== except && prefill[k]).map((k) => [k, prefill[k]]));

type SignupFormProps = { prefill: SignupPrefill; productName: string };

/**
 * The sign-up of the role in the URL (/signup: an employer's, /signup?role=driver: a driver's).
 * The links under the form switch the role with a client navigation, which renders the page again
 * with the new search params but keeps this component mounted: keyed by the role, the other
 * role's sign-up starts over as on a fresh load (its values, touched fields and errors, its
 * revealed step and checked email are not carried over), and the role sent is always the URL's.
 */
export function SignupForm(props: SignupFormProps) {
  return <RoleSignupForm key={props.prefill.role ?? 'employer'} {...props} />;
}

function RoleSignupForm({ prefill, productName }: SignupFormProps) {
  const hydrated = useHydrated();
  const router = useRouter();
  const toast = useToast();
  const { setBusy } = useAuthBusy();
  const [revealed, setRevealed] = useState(prefill.fromLanding);
  const [checkedEmail, setCheckedEmail] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const firstRevealed = useRef<HTMLInputElement | null>(null);
  /** The one source of the role: the URL's (the page's prefill), never a stored draft or a stale form value. */
  const role: SignupRole = prefill.role ?? 'employer';
  /** The drivers' sign-up (/signup?role=driver, a driver's invitation): a Driver account, no company. */
  const forDriver = role === 'member';

  const form = useForm<SignupFormValues, unknown, SignupFormOutput>({
    // The schema's phone accepts any input and normalizes it; the form always holds text.
    resolver,
    mode: 'onTouched',
    defaultValues: {
      email: prefill.email,
      confirmEmail: prefill.confirmEmail,
      firstName: prefill.firstName,
      lastName: prefill.lastName,
      phone: prefill.phone,
      password: '',
      confirmPassword: '',
      acceptEmails: false,
      role,
    },
  });
  const { register, handleSubmit, formState, setError, trigger, getValues, watch, reset, setValue } = form;
  const { errors, isSubmitting } = formState;

  // A reload of this tab keeps what was typed (never the passwords); values from a landing link win.
  // The draft is this role's only: another role's (the sign-up switched on the page) starts over.
  useEffect(() => {
    const stored = readRecentSignup();
    if (!stored) return;
    if ((stored.role ?? 'employer') !== role) {
      writeStep('signup', null);
      return;
    }
    const { email, confirmEmail, firstName, lastName, phone, acceptEmails } = stored;
    reset({ ...getValues(), email, confirmEmail, firstName, lastName, phone, acceptEmails, role, password: '', confirmPassword: '', ...prefilledText(prefill) });
    if (stored.revealed) setRevealed(true);
  }, [prefill, role, reset, getValues]);

  useEffect(() => {
    const sub = watch((v) => {
      const { password, confirmPassword, ...rest } = v;
      void password;
      void confirmPassword;
      remember({ ...(rest as Omit<SignupFormValues, 'password' | 'confirmPassword'>), revealed });
    });
    return () => sub.unsubscribe();
  }, [watch, revealed]);

  useEffect(() => {
    if (revealed && !prefill.fromLanding) firstRevealed.current?.focus();
  }, [revealed, prefill.fromLanding]);

  /**
   * Another email starts over: the details typed for the previous one (another person's, on a
   * shared computer) are not carried into this sign-up.
   */
  const startOverUnlessOwnedBy = (email: string) => {
    const before = readStep('signup')?.checkedEmail;
    if (!before || !email || before === email) return;
    reset({ ...getValues(), ...DETAILS_CLEARED, ...prefilledText(prefill, 'email'), role, password: '', confirmPassword: '' });
    remember({ ...DETAILS_CLEARED, checkedEmail: undefined });
  };

  /** Sign-in for an address that has an account: the address filled in, and on to where sign-up was headed. */
  const signInInstead = (email: string) =>
    router.push(`/login?${new URLSearchParams({ email, ...(prefill.callbackUrl ? { callbackUrl: prefill.callbackUrl } : {}) })}`);

  /** Routes an existing account away; answers true when the email is free to sign up. */
  const runEmailCheck = async (email: string) => {
    setChecking(true);
    try {
      const result = await checkEmail(email);
      if (result.exists) {
        if (forDriver) {
          // A driver who already has an account signs in to it (fast login is for becoming an employer).
          toast.show('info', 'This email already has an account. Sign in to continue.');
          signInInstead(email);
        } else if (result.missingRole) {
          router.push(`/fast-login?email=${encodeURIComponent(email)}`);
        } else {
          toast.show('info', `${result.message ?? 'Email already exists.'} Sign in to continue.`);
          signInInstead(email);
        }
        return false;
      }
      setCheckedEmail(email);
      startOverUnlessOwnedBy(email);
      remember({ checkedEmail: email });
      return true;
    } catch (error) {
      setFailure(failureMessage(error));
      return false;
    } finally {
      setChecking(false);
    }
  };

  const onContinue = async () => {
    setFailure(null);
    if (!(await trigger('email'))) return;
    const email = getValues('email').trim().toLowerCase();
    if (await runEmailCheck(email)) {
      setRevealed(true);
      remember({ revealed: true });
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const email = values.email.trim().toLowerCase();
    if (checkedEmail !== email && !(await runEmailCheck(email))) return;
    setBusy(true);
    let leaving = false;
    track('signup_start', { role });
    try {
      // The URL's role, whatever the form holds.
      await api<{ id: number }>('/auth/signup', { method: 'POST', body: toSignupPayload({ ...values, role }) });
      track('signup_success', { role });
      // The account exists: the first step has done its job and must not greet the next visitor.
      writeStep('signup', null);
      const loginError = await signInInPlace(email, values.password);
      if (loginError) {
        setFailure(`Your account was created, but we could not sign you in (${loginError}). Please sign in to continue.`);
        return;
      }
      leaving = true;
      // A driver goes to the drivers' area; an employer creates the company next.
      router.replace(forDriver ? (prefill.callbackUrl ?? '/members/home') : '/company-info');
      router.refresh();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const e of error.errors) {
          const field = e.field && (PAYLOAD_FIELDS[e.field] ?? (e.field as keyof SignupFormValues));
          if (field && field in values) setError(field, { message: e.message });
        }
      }
      track('signup_error', { status: error instanceof ApiError ? error.status : 0 });
      setFailure(failureMessage(error));
    } finally {
      if (!leaving) setBusy(false);
    }
  });

  const emailField = register('email');
  const phone = register('phone');
  const confirmEmail = register('confirmEmail');
  const busy = isSubmitting || checking;

  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{forDriver ? 'Create your driver account' : 'Create your account'}</h1>
      <p className="mt-2 text-sm text-slate-500">
        {forDriver
          ? revealed
            ? 'Tell us about you. Your driver area opens next.'
            : `Find CDL driving jobs and driver benefits on ${productName}. Start with your email.`
          : revealed
            ? 'Tell us about you. You will set up your company next.'
            : `Post driver jobs on ${productName} in minutes. Start with your work email.`}
      </p>

      <form
        onSubmit={(e) => {
          if (revealed) return void onSubmit(e);
          e.preventDefault();
          void onContinue();
        }}
        noValidate
        className="mt-8 flex flex-col gap-4"
        aria-label="Sign up"
      >
        <Field
          label={forDriver ? 'Email' : 'Work email'}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={forDriver ? 'you@example.com' : 'you@company.com'}
          autoFocus={!prefill.email}
          error={errors.email?.message}
          {...emailField}
          onBlur={(e) => {
            void emailField.onBlur(e);
            startOverUnlessOwnedBy(e.target.value.trim().toLowerCase());
          }}
        />

        {revealed && (
          <div className="flex flex-col gap-4" data-testid="signup-details">
            <Field
              label="Confirm email"
              type="email"
              autoComplete="email"
              inputMode="email"
              error={errors.confirmEmail?.message}
              {...confirmEmail}
              ref={(el) => {
                confirmEmail.ref(el);
                firstRevealed.current = el;
              }}
            />
            <div className="grid grid-cols-1 gap-4 min-[380px]:grid-cols-2">
              <Field label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
              <Field label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
            </div>
            <Field
              label="Phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="(999)999-9999"
              error={errors.phone?.message}
              {...phone}
              onChange={(e) => {
                setValue('phone', formatPhoneMask(e.target.value), { shouldValidate: !!errors.phone, shouldDirty: true });
              }}
            />
            <PasswordField
              label="Password"
              autoComplete="new-password"
              error={errors.password?.message}
              hint="8 to 64 characters with a number, a symbol and an uppercase letter."
              {...register('password')}
            />
            <PasswordField label="Confirm password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
            <label className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50/70 px-3 py-3 text-sm text-slate-600">
              <input type="checkbox" className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600" {...register('acceptEmails')} />
              <span>
                I accept to receive emails and SMS from {productName} about my account, {forDriver ? 'jobs that fit me and driver benefits' : 'my job posts and hiring tips'}.
              </span>
            </label>
          </div>
        )}

        {failure && <Alert type="error">{failure}</Alert>}

        <Button type="submit" disabled={!hydrated} loading={busy} className="mt-1 w-full py-3">
          {revealed ? "Let's Go" : 'Continue'}
        </Button>

        <p className="text-center text-xs leading-relaxed text-slate-500">
          By signing up you agree to our{' '}
          <a href={TERMS_URL} target="_blank" rel="noreferrer" className="font-medium text-slate-700 underline underline-offset-2 hover:text-brand-700">
            Customer Terms of Service
          </a>{' '}
          and{' '}
          <a href={PRIVACY_URL} target="_blank" rel="noreferrer" className="font-medium text-slate-700 underline underline-offset-2 hover:text-brand-700">
            Privacy Policy
          </a>
          .
        </p>
      </form>

      <p className="mt-8 text-center text-sm text-slate-500">
        Already have an account?{' '}
        <Link
          href={prefill.callbackUrl ? `/login?callbackUrl=${encodeURIComponent(prefill.callbackUrl)}` : '/login'}
          className="font-semibold text-brand-600 hover:text-brand-700 hover:underline"
        >
          Sign in to an existing account
        </Link>
      </p>
      <p className="mt-2 text-center text-sm text-slate-500">
        {forDriver ? (
          <>
            Hiring drivers?{' '}
            <Link href="/signup" className="font-semibold text-brand-600 hover:text-brand-700 hover:underline">
              Create an employer account
            </Link>
          </>
        ) : (
          <>
            I&apos;m a driver:{' '}
            <Link href="/signup?role=driver" className="font-semibold text-brand-600 hover:text-brand-700 hover:underline">
              create a driver account
            </Link>
          </>
        )}
      </p>
    </div>
  );
}
