import type { Metadata } from 'next';
import { ValidationOutcome } from '@/components/accounts/validation-outcome';

export const metadata: Metadata = { title: 'Email verified' };

export default function EmailValidationSuccessPage() {
  return (
    <ValidationOutcome ok title="Your email has been verified" action={{ href: '/login?validated=true', label: 'Sign in' }}>
      Thank you for confirming your email address. You will receive your account messages there.
    </ValidationOutcome>
  );
}
