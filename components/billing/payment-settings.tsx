'use client';

import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Alert, Spinner } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api/client';
import { useCompanyCard, useSaveCard } from '@/lib/payments/card-hooks';
import { HostedCardFields, type HostedCardFieldsHandle } from './hosted-card-fields';
import { SavedCard } from './saved-card';
import { formatMoney } from './format';
import { PRICES_CENTS } from '@/lib/jobs/codes';
import { UPDATED } from '@/components/ui/messages';

export { UPDATED };

/** /company/settings/payment: the company's card, and replacing it through the hosted fields. */
export function PaymentSettings({ hostedFieldsUrl }: { hostedFieldsUrl: string }) {
  const card = useCompanyCard();
  const save = useSaveCard();
  const toast = useToast();
  const fields = useRef<HostedCardFieldsHandle>(null);
  const [editing, setEditing] = useState(false);
  const [tokenizing, setTokenizing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSave() {
    setError(null);
    try {
      setTokenizing(true);
      const t = await fields.current!.tokenize().finally(() => setTokenizing(false));
      await save.mutateAsync({ card_token: t.token, card_holder_name: t.card_holder_name, card_type: t.card_type, masked_number: t.masked_number, expiration_date: t.expiration_date });
      toast.show('success', UPDATED);
      setEditing(false);
    } catch (e) {
      // Card validation messages already show under the fields; the API's answers show here.
      if (e instanceof ApiError) setError(errorMessage(e));
    }
  }

  if (card.isPending) {
    return (
      <div className="flex min-h-48 items-center justify-center">
        <Spinner size="large" label="Loading your card" />
      </div>
    );
  }
  if (card.isError) return <Alert type="error">{errorMessage(card.error)}</Alert>;

  const current = card.data;
  const showForm = editing || !current;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section aria-labelledby="card-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="card-title" className="text-base font-semibold text-slate-900">
              Payment card
            </h2>
            <p className="mt-1 text-sm text-slate-500">Used for new jobs, add-ons and renewals, including automatic renewals.</p>
          </div>
          {current && !editing && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Replace card
            </Button>
          )}
        </div>

        {current && !editing && (
          <div className="mt-5">
            <SavedCard card={current} />
          </div>
        )}

        {showForm && (
          <div className="mt-5 max-w-xl">
            {!current && <p className="mb-4 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">No card on file yet. Add one to pay for jobs in one click.</p>}
            <HostedCardFields ref={fields} url={hostedFieldsUrl} />
            {error && (
              <div className="mt-3">
                <Alert type="error">{error}</Alert>
              </div>
            )}
            <div className="mt-5 flex gap-3">
              <Button onClick={() => void onSave()} loading={tokenizing || save.isPending}>
                Save card
              </Button>
              {current && (
                <Button variant="ghost" onClick={() => setEditing(false)} disabled={tokenizing || save.isPending}>
                  Cancel
                </Button>
              )}
            </div>
          </div>
        )}
      </section>

      <aside className="h-fit rounded-2xl border border-slate-200 bg-white p-5 text-sm text-slate-600 shadow-sm sm:p-6">
        <h2 className="text-base font-semibold text-slate-900">How billing works</h2>
        <ul className="mt-3 list-disc space-y-2 pl-5">
          <li>
            A job is charged when you publish it: {formatMoney(PRICES_CENTS.address / 100)} per targeting address, plus its add-ons (boost {formatMoney(PRICES_CENTS.boost / 100)}, promote{' '}
            {formatMoney(PRICES_CENTS.promote / 100)}, hyperlink {formatMoney(PRICES_CENTS.hyperlink / 100)}).
          </li>
          <li>Jobs run 30 days. Auto-renewing jobs are charged again on their end date with this card.</li>
          <li>Every payment has a receipt in Billing.</li>
        </ul>
      </aside>
    </div>
  );
}
