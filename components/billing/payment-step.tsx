'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { Alert, EmptyState, Spinner } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { WizardFooter, WizardFrame } from '@/components/jobs/wizard/wizard-frame';
import { errorMessage } from '@/lib/api/client';
import { useJobDraft, type DraftKind } from '@/lib/jobs/draft';
import { useChargeJob, usePaymentSummary } from '@/lib/payments/hooks';
import { CardPicker } from './card-picker';
import { usePayFlow } from './use-pay-flow';
import { InvoiceNote, OrderLines } from './order-lines';
import { formatMoney } from './format';

export const PAYMENT_COMPLETED = 'Payment completed successfully';
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
  const { picker, busy, failure, run } = usePayFlow();
  const multimediaFailed = !!(draft as { multimediaUploadFailed?: boolean } | null)?.multimediaUploadFailed;

  if (!jobId) {
    if (draft === null) return <CenteredSpinner />;
    return (
      <WizardFrame mode={kind} step="payment">
        <EmptyState title="There is no job to pay for yet" action={<Link className="font-semibold text-brand-700 hover:underline" href="/company/jobs/new">Create a new job</Link>}>
          Write the job, choose its addresses and add-ons, then come back here to pay and publish it.
        </EmptyState>
      </WizardFrame>
    );
  }
  if (summary.isPending) return <CenteredSpinner />;
  if (summary.isError) {
    return (
      <WizardFrame mode={kind} step="payment">
        <Alert type="error">{errorMessage(summary.error)}</Alert>
      </WizardFrame>
    );
  }

  const s = summary.data;
  const invoiced = s.billing_type === 'CONTRACT';

  async function pay() {
    const paid = await run(invoiced, (cardToken) =>
      charge.mutateAsync({ secret_token: s.secret_token, action_type: 'new_job', card_token: cardToken, multimediaUploadFailed: multimediaFailed || undefined }),
    );
    if (!paid) return;
    toast.show('success', PAYMENT_COMPLETED);
    clear();
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
      {failure && (
        <div className="mb-4" data-testid="payment-error">
          <Alert type="error">
            <p className="font-semibold">The payment did not go through</p>
            <p className="mt-0.5">{failure}</p>
            <p className="mt-1 text-red-800/80">Your job is saved but not published. Try again or use another card.</p>
          </Alert>
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="pay-method" className="h-fit rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 id="pay-method" className="text-base font-semibold text-slate-900">
            Payment method
          </h2>
          <div className="mt-4">
            {invoiced ? (
              <InvoiceNote>Your company is billed by invoice under its contract. Publishing adds this job to your next invoice; no card is needed.</InvoiceNote>
            ) : (
              <CardPicker ref={picker} card={s.card} hostedFieldsUrl={s.hosted_fields_url} disabled={busy} />
            )}
          </div>
        </section>

        <aside aria-labelledby="order-summary" className="order-first h-fit rounded-2xl lg:order-none border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:sticky lg:top-6">
          <h2 id="order-summary" className="text-base font-semibold text-slate-900">
            Order summary
          </h2>
          <div className="mt-4">
            <OrderLines summary={s} />
          </div>
          <p className="mt-2 text-xs text-slate-500">The job is posted for 30 days{invoiced ? '.' : ' once the payment is approved.'}</p>
        </aside>
      </div>

      <WizardFooter
        summary={
          <p className="text-sm text-slate-600">
            Total <span className="font-semibold text-slate-900">{formatMoney(s.total)}</span>
          </p>
        }
      >
        <Button variant="secondary" onClick={() => router.push(kind === 'duplicate' && draft?.sourceJobId ? `/company/jobs/${draft.sourceJobId}/addons-duplicate` : '/company/jobs/new/addons')} disabled={busy}>
          Back
        </Button>
        <Button onClick={() => void pay()} loading={busy} disabled={multimediaFailed} data-testid="pay-button">
          {busy ? 'Processing…' : invoiced ? 'Publish job' : `Pay ${formatMoney(s.total)}`}
        </Button>
      </WizardFooter>
    </WizardFrame>
  );
}

function CenteredSpinner() {
  return (
    <div className="flex min-h-64 items-center justify-center">
      <Spinner size="large" label="Loading the order" />
    </div>
  );
}
