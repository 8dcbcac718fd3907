import { redirect } from 'next/navigation';
import { FinishOnboarding } from '@/components/signup/finish-onboarding';
import { OnboardingFrame } from '@/components/signup/onboarding-frame';
import { QueryProvider } from '@/components/query-provider';
import { COMPANY_MEMBER_ROLES, hasAny, landingFor } from '@/lib/access';
import { requireUser } from '@/lib/auth/server';
import { onboardingState } from '@/lib/companies/onboarding';
import { config } from '@/lib/config';
import { getDb } from '@/lib/db/client';

/** Company onboarding: only for signed-in company users who have no company yet. */
export default async function OnboardingLayout({ children }: { children: React.ReactNode }) {
  const session = await requireUser('authenticated', { allowNoCompany: true });
  const state = await onboardingState(await getDb(), session.id);
  if (!hasAny(state.roles, COMPANY_MEMBER_ROLES)) redirect(landingFor(state.roles, state.companyId));
  if (state.companyId && session.companyId) redirect('/company/jobs');
  return (
    <QueryProvider>
      <OnboardingFrame productName={config.productName} email={state.email}>
        {/* The company exists but the session cookie has not caught up: refresh it, then go on. */}
        {state.companyId ? <FinishOnboarding /> : children}
      </OnboardingFrame>
    </QueryProvider>
  );
}
