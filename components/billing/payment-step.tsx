'use client';

import Link from 'next/link';
import { INVOICE_NET_DAYS } from '@/lib/payments/settlement';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { Alert, EmptyState } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { paymentBackPath } from '@/components/jobs/wizard/flow';
import { WizardFrame } from '@/components/jobs/wizard/wizard-frame';
import { errorMessage } from '@/lib/api/client';
import { useJobDraft, type DraftKind } from '@/lib/jobs/draft';
import { useChargeJob, usePaymentSummary } from '@/lib/payments/hooks';
import { CheckoutBody, CheckoutSpinner } from './checkout-parts';
import { usePayFlow } from './use-pay-flow';
import { formatMoney } from './format';

export const PAYMENT_COMPLETED = 'Payment completed successfully';
/** An invoice-billed order is not a payment: it is added to the company's invoice, due on its terms. */
export const INVOICED_NOTICE = `Added to your company's invoice, due in ${INVOICE_NET_DAYS} days`;
export const MULTIMEDIA_FAILED = 'multimedia upload failed';

/**
 * The wizard's last step: the order (one line per targeting address and add-on), how it is paid
 * (saved card, a new card in the gateway's hosted fields, or the company's invoice), and Pay.
 */
export function PaymentStep({ jobIdParam, kind }: { jobIdParam: number | null; kind: DraftKind }) {
  const router = useRouter();
  const toast = useToast();
  const { draft, clear } = useJobDraft(kind);
  const jobId = jobIdParam ?? draft?.jobId ?? null;
  const summary = usePaymentSummary(jobId);
  const charge = useChargeJob();
  const { picker, busy, failure, run } = usePayFlow(() => summary.refetch());
  // Spec §3/§4: a video upload that failed after its retry (lib/jobs/draft.ts) refuses payment.
  // Only for the draft's own posting: "Pay now" on another job is not about this draft's video.
  const multimediaFailed = !!draft?.multimediaUploadFailed && draft.jobId === jobId;

  if (!jobId) {
    if (draft === null) return <CheckoutSpinner />;
    return (
      <WizardFrame mode={kind} step="payment" steps={false}>
        <EmptyState title="There is no job to pay for yet" action={<Link className="font-semibold text-brand-700 hover:underline" href="/company/jobs/new">Create a new job</Link>}>
          Write the job, choose its addresses and add-ons, then come back here to pay and publish it.
        </EmptyState>
      </WizardFrame>
    );
  }
  if (summary.isPending) return <CheckoutSpinner />;
  if (summary.isError) {
    return (
      <WizardFrame mode={kind} step="payment" steps={false}>
        <Alert type="error">{errorMessage(summary.error)}</Alert>
      </WizardFrame>
    );
  }

  const s = summary.data;
  const invoiced = s.billing_type === 'CONTRACT';

  async function pay() {
    const paid = await run(invoiced, (card) =>
      charge.mutateAsync({ secret_token: s.secret_token, action_type: 'new_job', ...card, multimediaUploadFailed: multimediaFailed || undefined, expected_total_cents: s.total_cents }),
    );
    if (!paid) return;
    if (!paid.job_updated) toast.show('error', paid.message);
    else toast.show('success', invoiced ? INVOICED_NOTICE : PAYMENT_COMPLETED);
    // Only the draft of the posting just paid: "Pay now" on another job left the wizard's job being
    // written (content, addresses, add-ons, not saved yet) blank when the employer came back to it.
    if (draft?.jobId === jobId) clear();
    router.push('/company/jobs');
  }

  if (s.paid) {
    return (
      <WizardFrame mode={kind} step="payment" jobTitle={s.title}>
        <EmptyState title="This job is already paid and published" action={<Link className="font-semibold text-brand-700 hover:underline" href="/company/jobs">Go to posted jobs</Link>}>
          Nothing more to pay. You will find it in your posted jobs, and its order in your billing history.
        </EmptyState>
      </WizardFrame>
    );
  }

  return (
    <WizardFrame mode={kind} step="payment" jobTitle={s.title}>
      {multimediaFailed && (
        <div className="mb-4">
          <Alert type="error">The video of this job could not be uploaded ({MULTIMEDIA_FAILED}). Go back to the job content and upload it again, or remove it, before paying.</Alert>
        </div>
      )}
      <CheckoutBody
        summary={s}
        picker={picker}
        busy={busy}
        failure={failure}
        failureNote="Your job is saved but not published. Try again or use another card."
        invoiceNote="Your company is billed by invoice under its contract. Publishing adds this job to your next invoice; no card is needed."
        orderTitle="Order summary"
        orderNote={`The job is posted for 30 days${invoiced ? '.' : ' once the payment is approved.'}`}
      >
        <Button variant="secondary" onClick={() => router.push(paymentBackPath(jobId, kind, draft))} disabled={busy}>
          Back
        </Button>
        <Button onClick={() => void pay()} loading={busy} disabled={multimediaFailed || !!s.refused} data-testid="pay-button">
          {busy ? 'Processing…' : invoiced ? 'Publish job' : `Pay ${formatMoney(s.total)}`}
        </Button>
      </CheckoutBody>
    </WizardFrame>
  );
}
