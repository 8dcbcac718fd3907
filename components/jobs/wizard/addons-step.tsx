'use client';

import { clsx } from 'clsx';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { POSTING_DAYS, PRICES_CENTS, formatUsd, type AddonType } from '@/lib/jobs/codes';
import { draftAddonList, draftTotalCents, type DraftAddons } from '@/lib/jobs/draft';
import { dueNow, type LivePaid } from './live-paid';
import { LinkButton, Section, TextField } from '../controls';
import type { FlowMode } from './flow';
import { ADDON_INFO } from './addon-info';
import { WizardFooter } from './wizard-frame';

const ADDON_ORDER: AddonType[] = ['boost', 'promote', 'hyperlink'];

type Props = {
  mode: FlowMode;
  initial: DraftAddons;
  initialAutoRenew: boolean;
  addressCount: number;
  saving: boolean;
  backHref: string;
  summaryNote: string;
  /**
   * Editing a live (paid) job: what of it is paid for this period. The summary then shows the
   * period's price and, apart, what the next step charges: only what is not paid yet (it showed
   * the whole period's price as the total, three times the charge, in an accountant's review).
   */
  live?: LivePaid;
  onChange?: (addons: DraftAddons, autoRenew: boolean) => void;
  onSubmit: (addons: DraftAddons, autoRenew: boolean) => Promise<void> | void;
};

/** Step 3: optional paid add-ons, renewal, and the order total (addresses plus add-ons). */
export function AddonsStep({ mode, initial, initialAutoRenew, addressCount, saving, backHref, summaryNote, live, onChange, onSubmit }: Props) {
  const [addons, setAddons] = useState<DraftAddons>(initial);
  const [autoRenew, setAutoRenew] = useState(initialAutoRenew);
  const [urlError, setUrlError] = useState<string>();

  const change = (next: DraftAddons, renew = autoRenew) => {
    setAddons(next);
    setAutoRenew(renew);
    setUrlError(undefined);
    onChange?.(next, renew);
  };

  /** The hyperlink URL's message (the rule is loaded when first needed). */
  const checkUrl = async () => {
    const { hyperlinkError } = await import('./validation');
    const message = hyperlinkError(addons);
    setUrlError(message);
    return message;
  };

  const totalCents = draftTotalCents(addressCount, addons);
  const dueCents = live ? dueNow(live, draftAddonList(addons)) : totalCents;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (await checkUrl()) {
      document.getElementById('hyperlink-url')?.focus();
      return;
    }
    await onSubmit({ ...addons, externalUrl: addons.hyperlink ? addons.externalUrl.trim() : '' }, autoRenew);
  };

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_18rem] lg:items-start">
      <div className="flex flex-col gap-6">
        <Section title="Add-ons" description="Optional extras that get the job in front of more drivers.">
          <div className="flex flex-col gap-3">
            {ADDON_ORDER.map((type) => {
              const on = addons[type];
              return (
                <div key={type} className={clsx('rounded-xl border transition', on ? 'border-brand-500 bg-brand-50/60 ring-1 ring-brand-500' : 'border-slate-200 bg-white')}>
                  <label className="flex cursor-pointer items-start gap-3 p-4">
                    <input
                      type="checkbox"
                      name={type}
                      className="mt-1 size-4 accent-brand-600"
                      checked={on}
                      onChange={(e) => change({ ...addons, [type]: e.target.checked })}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline justify-between gap-3">
                        <span className="font-semibold text-slate-900">{ADDON_INFO[type].title}</span>
                        <span className="text-sm font-semibold text-slate-900">{formatUsd(PRICES_CENTS[type])}</span>
                      </span>
                      <span className="mt-0.5 block text-sm text-slate-600">{ADDON_INFO[type].text}</span>
                    </span>
                  </label>
                  {type === 'hyperlink' && on && (
                    <div className="px-4 pb-4 pl-11">
                      <TextField
                        id="hyperlink-url"
                        label="External URL"
                        type="url"
                        inputMode="url"
                        placeholder="https://careers.example.com/apply"
                        value={addons.externalUrl}
                        onChange={(e) => change({ ...addons, externalUrl: e.target.value })}
                        onBlur={() => void checkUrl()}
                        error={urlError}
                      />
                    </div>
                  )}
                </div>
              );
            })}
          </div>
        </Section>

        <Section title="Renewal">
          <label className="flex cursor-pointer items-start gap-3 text-sm">
            <input type="checkbox" name="auto_renew" className="mt-0.5 size-4 accent-brand-600" checked={autoRenew} onChange={(e) => change(addons, e.target.checked)} />
            <span>
              <span className="font-medium text-slate-800">Renew automatically</span>
              <span className="block text-slate-500">
                The posting runs {POSTING_DAYS} days. With auto-renew it is charged again each period for everything it has then (its addresses and add-ons) and stays up; cancel any time from the job list.
              </span>
            </span>
          </label>
        </Section>
      </div>

      <OrderSummary addressCount={addressCount} addons={addons} totalCents={totalCents} dueCents={live ? dueCents : null} note={summaryNote} />

      <div className="lg:col-span-2">
        <WizardFooter
          summary={
            <p className="text-sm text-slate-600">
              {live ? 'Due now' : 'Total'} <span className="font-semibold text-slate-900" data-testid="order-total-footer">{formatUsd(dueCents)}</span>
            </p>
          }
        >
          <LinkButton href={backHref} variant="secondary">
            {mode === 'edit' ? 'Cancel' : 'Back'}
          </LinkButton>
          <Button type="submit" loading={saving}>
            {mode === 'edit' ? 'Save changes' : 'Continue to payment'}
          </Button>
        </WizardFooter>
      </div>
    </form>
  );
}

/** The order: a posting period's lines and total; for a live job, also what is due now (`dueCents`), which is the total the next step charges. */
function OrderSummary({ addressCount, addons, totalCents, dueCents, note }: { addressCount: number; addons: DraftAddons; totalCents: number; dueCents: number | null; note: string }) {
  const lines: [string, number][] = [
    [`${addressCount} targeting ${addressCount === 1 ? 'address' : 'addresses'} × ${formatUsd(PRICES_CENTS.address)}`, addressCount * PRICES_CENTS.address],
    ...ADDON_ORDER.filter((t) => addons[t]).map((t) => [ADDON_INFO[t].title, PRICES_CENTS[t]] as [string, number]),
  ];
  return (
    <aside aria-labelledby="order-summary" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:sticky lg:top-6">
      <h2 id="order-summary" className="text-base font-semibold text-slate-900">
        Order summary
      </h2>
      <dl className="mt-4 flex flex-col gap-2 text-sm">
        {lines.map(([label, cents]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900">{formatUsd(cents)}</dd>
          </div>
        ))}
        {dueCents === null ? (
          <div className="mt-2 flex justify-between gap-3 border-t border-slate-200 pt-3 text-base">
            <dt className="font-semibold text-slate-900">Total</dt>
            <dd className="font-bold text-slate-900" data-testid="order-total">
              {formatUsd(totalCents)}
            </dd>
          </div>
        ) : (
          <>
            <div className="mt-2 flex justify-between gap-3 border-t border-slate-200 pt-3">
              <dt className="text-slate-600">Per posting period</dt>
              <dd className="font-medium text-slate-900" data-testid="order-period-total">
                {formatUsd(totalCents)}
              </dd>
            </div>
            <div className="flex justify-between gap-3 text-base">
              <dt className="font-semibold text-slate-900">Due now</dt>
              <dd className="font-bold text-slate-900" data-testid="order-total">
                {formatUsd(dueCents)}
              </dd>
            </div>
          </>
        )}
      </dl>
      <p className="mt-3 text-xs text-slate-500">
        {dueCents === null ? `For ${POSTING_DAYS} days. ` : 'What is paid stays paid until the posting period ends. '}
        {note}
      </p>
    </aside>
  );
}

