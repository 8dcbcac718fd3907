'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { Alert, EmptyState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api/client';
import { usePayJob, usePaymentSummary } from '@/lib/payments/hooks';
import { CheckoutBody, CheckoutSpinner } from './checkout-parts';
import { formatMoney } from './format';
import { INVOICED_NOTICE, PAYMENT_COMPLETED } from './payment-step';
import { usePayFlow } from './use-pay-flow';

export const NO_UNPAID_ADDONS = 'There are no unpaid add-ons on this job.';

/**
 * The payment page with `action=addons`: what waits for payment on a live job — add-ons newly
 * subscribed and targeting addresses newly added (the edit flow's add-ons and address screens
 * send the user here; nothing of it is live until paid), paid with the saved card, a new card or the
 * company's invoice through `POST /payment/employer/job/addons`; then back to the job.
 */
export function AddonsPayment({ jobId }: { jobId: number }) {
  const router = useRouter();
  const toast = useToast();
  const summary = usePaymentSummary(jobId, 'addons');
  const pay = usePayJob('addons');
  const { picker, busy, failure, run } = usePayFlow(() => summary.refetch());
  const detail = `/company/jobs/${jobId}/detail`;

  if (summary.isPending) return <CheckoutSpinner />;
  const s = summary.data;
  const invoiced = s?.billing_type === 'CONTRACT';

  async function onPay() {
    if (!s) return;
    const paid = await run(invoiced, (card) => pay.mutateAsync({ job_id: jobId, ...card, expected_total_cents: s.total_cents }));
    if (!paid) return;
    // Approved but not applied (the job ended meanwhile): the answer says so and what to do.
    if (!paid.job_updated) toast.show('error', paid.message);
    else toast.show('success', invoiced ? INVOICED_NOTICE : PAYMENT_COMPLETED);
    router.push(detail);
  }

  return (
    <div className="mx-auto w-full max-w-4xl pb-24">
      <header className="mb-5">
        <h1 className="text-2xl font-bold text-slate-900">Pay for add-ons</h1>
        {s && (
          <p className="mt-1 text-sm text-slate-500">
            <span className="font-medium text-slate-700">{s.title}</span>
          </p>
        )}
      </header>
      {summary.isError || !s ? (
        <Alert type="error">{errorMessage(summary.error)}</Alert>
      ) : s.lines.length === 0 ? (
        <EmptyState title={NO_UNPAID_ADDONS} action={<Link className="font-semibold text-brand-700 hover:underline" href={detail}>Back to the job</Link>}>
          Every add-on of this job is paid for the current period.
        </EmptyState>
      ) : (
        <CheckoutBody
          summary={s}
          picker={picker}
          busy={busy}
          failure={failure}
          failureNote="Nothing was charged. The new add-ons and addresses stay pending (not published): try again or use another card."
          invoiceNote="Your company is billed by invoice under its contract: confirming adds them to your next invoice and publishes them."
          orderTitle="New add-ons and addresses"
        >
          <Button variant="secondary" onClick={() => router.push(detail)} disabled={busy}>
            Pay later
          </Button>
          <Button onClick={() => void onPay()} loading={busy} disabled={!!s.refused} data-testid="pay-button">
            {busy ? 'Processing…' : invoiced ? 'Confirm' : `Pay ${formatMoney(s.total)}`}
          </Button>
        </CheckoutBody>
      )}
    </div>
  );
}
