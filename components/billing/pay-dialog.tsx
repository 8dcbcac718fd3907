'use client';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Alert, Spinner } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api/client';
import { usePayJob, usePaymentSummary } from '@/lib/payments/hooks';
import { CardPicker } from './card-picker';
import { usePayFlow } from './use-pay-flow';
import { formatDate, formatMoney } from './format';
import { InvoiceNote, OrderLines } from './order-lines';
import { INVOICED_NOTICE, PAYMENT_COMPLETED } from './payment-step';

const TITLES = { addons: 'Pay for add-ons', renewal: 'Renew job' } as const;

/**
 * Pays a live job's unpaid add-ons, or renews it for 30 more days, in a dialog: the lines, the
 * saved card or a new one (hosted fields), Pay. For the add-ons screen's pay action and the job
 * list's renew action.
 */
export function PayDialog({ jobId, kind, open, onOpenChange, onPaid }: { jobId: number; kind: 'addons' | 'renewal'; open: boolean; onOpenChange: (open: boolean) => void; onPaid?: () => void }) {
  const summary = usePaymentSummary(jobId, kind, open);
  const pay = usePayJob(kind);
  const toast = useToast();
  const { picker, busy, failure, run } = usePayFlow(() => summary.refetch());
  const s = summary.data;
  const invoiced = s?.billing_type === 'CONTRACT';

  async function onPay() {
    if (!s) return;
    const paid = await run(invoiced, (card) => pay.mutateAsync({ job_id: jobId, ...card, expected_total_cents: s.total_cents }));
    if (!paid) return;
    // Approved but not applied (the job ended meanwhile): the answer says so and what to do.
    if (!paid.job_updated) toast.show('error', paid.message);
    else toast.show('success', invoiced ? INVOICED_NOTICE : PAYMENT_COMPLETED);
    onOpenChange(false);
    onPaid?.();
  }

  const nothingDue = !!s && s.lines.length === 0;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={TITLES[kind]}
      description={s ? <span className="font-medium text-slate-700">{s.title}</span> : undefined}
      size="lg"
      className="max-h-[calc(100vh-2rem)] overflow-y-auto"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void onPay()} loading={busy} disabled={!s || nothingDue || !!s.refused} data-testid="dialog-pay-button">
            {busy ? 'Processing…' : s && !nothingDue ? (invoiced ? 'Confirm' : `Pay ${formatMoney(s.total)}`) : 'Pay'}
          </Button>
        </>
      }
    >
      {summary.isPending ? (
        <div className="flex min-h-40 items-center justify-center">
          <Spinner size="large" label="Loading the order" />
        </div>
      ) : summary.isError || !s ? (
        <Alert type="error">{errorMessage(summary.error)}</Alert>
      ) : nothingDue ? (
        <Alert type="info">There are no unpaid add-ons on this job.</Alert>
      ) : (
        <div className="space-y-5">
          {s.refused && <Alert type="error">{s.refused}</Alert>}
          {failure && <Alert type="error">{failure}</Alert>}
          {kind === 'renewal' && s.expiration_date && (
            <p className="text-sm text-slate-600">
              The job runs 30 more days from {formatDate(new Date(s.expiration_date) > new Date() ? s.expiration_date : new Date())}.
            </p>
          )}
          <OrderLines summary={s} />
          {invoiced ? (
            <InvoiceNote>Your company is billed by invoice under its contract: this is added to your next invoice.</InvoiceNote>
          ) : (
            <CardPicker ref={picker} card={s.card} hostedFieldsUrl={s.hosted_fields_url} disabled={busy} />
          )}
        </div>
      )}
    </Dialog>
  );
}
