'use client';

import type { RefObject } from 'react';
import { WizardFooter } from '@/components/jobs/wizard/wizard-frame';
import { Alert, Spinner } from '@/components/ui/states';
import type { PaymentSummary } from '@/lib/payments/summary';
import { CardPicker, type CardPickerHandle } from './card-picker';
import { formatMoney } from './format';
import { InvoiceNote, OrderLines } from './order-lines';

/** The pieces the full-page checkouts share (the wizard's payment step, paying new add-ons). */

export function CheckoutSpinner() {
  return (
    <div className="flex min-h-64 items-center justify-center">
      <Spinner size="large" label="Loading the order" />
    </div>
  );
}

type CheckoutProps = {
  summary: PaymentSummary;
  picker: RefObject<CardPickerHandle | null>;
  busy: boolean;
  failure: string | null;
  /** Under a refusal: what became of the job. */
  failureNote: string;
  /** For invoice-billed (CONTRACT) companies, instead of the card. */
  invoiceNote: string;
  orderTitle: string;
  orderNote?: React.ReactNode;
  /** The footer's buttons (beside the total). */
  children: React.ReactNode;
};

/** A full-page checkout: a refusal if any, the payment method, the order's lines, and the footer with the total. */
export function CheckoutBody({ summary, picker, busy, failure, failureNote, invoiceNote, orderTitle, orderNote, children }: CheckoutProps) {
  return (
    <>
      {/* Why this charge would be refused (a cancelled or suspended job): said before any card is asked for. */}
      {summary.refused && (
        <div className="mb-4" data-testid="payment-refused">
          <Alert type="error">{summary.refused}</Alert>
        </div>
      )}
      <PaymentFailure failure={failure} note={failureNote} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <PaymentMethodPanel summary={summary} picker={picker} busy={busy} invoiceNote={invoiceNote} />
        <aside aria-labelledby="order-summary" className="order-first h-fit rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:order-none lg:sticky lg:top-6">
          <h2 id="order-summary" className="text-base font-semibold text-slate-900">
            {orderTitle}
          </h2>
          <div className="mt-4">
            <OrderLines summary={summary} />
          </div>
          {orderNote && <p className="mt-2 text-xs text-slate-500">{orderNote}</p>}
        </aside>
      </div>
      <WizardFooter
        summary={
          <p className="text-sm text-slate-600">
            Total <span className="font-semibold text-slate-900">{formatMoney(summary.total)}</span>
          </p>
        }
      >
        {children}
      </WizardFooter>
    </>
  );
}

/** A refused payment: the gateway's or the API's reason, and what became of the job. */
function PaymentFailure({ failure, note }: { failure: string | null; note: string }) {
  if (!failure) return null;
  return (
    <div className="mb-4" data-testid="payment-error">
      <Alert type="error">
        <p className="font-semibold">The payment did not go through</p>
        <p className="mt-0.5">{failure}</p>
        <p className="mt-1 text-red-800/80">{note}</p>
      </Alert>
    </div>
  );
}

/** "Payment method": the contract invoice note for invoice-billed companies, else the saved or a new card. */
function PaymentMethodPanel({
  summary,
  picker,
  busy,
  invoiceNote,
}: {
  summary: Pick<PaymentSummary, 'billing_type' | 'card' | 'hosted_fields_url'>;
  picker: RefObject<CardPickerHandle | null>;
  busy: boolean;
  invoiceNote: string;
}) {
  return (
    <section aria-labelledby="pay-method" className="h-fit rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="pay-method" className="text-base font-semibold text-slate-900">
        Payment method
      </h2>
      <div className="mt-4">
        {summary.billing_type === 'CONTRACT' ? (
          <InvoiceNote>{invoiceNote}</InvoiceNote>
        ) : (
          <CardPicker ref={picker} card={summary.card} hostedFieldsUrl={summary.hosted_fields_url} disabled={busy} />
        )}
      </div>
    </section>
  );
}
