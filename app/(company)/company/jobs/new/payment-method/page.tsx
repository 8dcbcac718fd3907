import type { Metadata } from 'next';
import { AddonsPaymentLazy } from '@/components/billing/addons-payment-lazy';
import { PaymentStep } from '@/components/billing/payment-step';

export const metadata: Metadata = { title: 'Payment' };

/**
 * /company/jobs/new/payment-method?job_id=<id>&draft=new|duplicate: the wizard's payment step.
 * With `action=addons` (and a job_id) it charges the add-ons newly added to a live job instead.
 */
export default async function PaymentMethodPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = await searchParams;
  const raw = [q.job_id, q.job].flat().find(Boolean);
  const jobId = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  if (jobId && q.action === 'addons') return <AddonsPaymentLazy jobId={jobId} />;
  const kind = q.draft === 'duplicate' ? 'duplicate' : 'new';
  return <PaymentStep jobIdParam={jobId} kind={kind} />;
}
