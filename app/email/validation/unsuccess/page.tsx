import type { Metadata } from 'next';
import { ValidationOutcome } from '@/components/accounts/validation-outcome';

export const metadata: Metadata = { title: 'Email not verified' };

export default function EmailValidationUnsuccessPage() {
  return (
    <ValidationOutcome ok={false} title="We could not verify your email" action={{ href: '/login', label: 'Sign in' }}>
      <p>The link has expired, was already replaced by a newer one, or is incomplete. Links are valid for 24 hours.</p>
      <p className="mt-2">Sign in and ask for a new verification link from your home page.</p>
    </ValidationOutcome>
  );
}
