'use client';

import { useEffect, useState } from 'react';
import { AddressField } from '@/components/address/address-field';
import { Button } from '@/components/ui/button';
import { PRICES_CENTS, centsToDollars } from '@/lib/jobs/codes';
import { newAddressKey, type DraftAddress } from '@/lib/jobs/draft';
import type { AddressSuggestion } from '@/lib/geo/types';
import { LinkButton, Section } from '../controls';
import { PendingPaymentBadge } from '../status-badge';
import { formatDollars } from '../format';
import type { FlowMode } from './flow';
import type { LivePaid } from './live-paid';
import { WizardFooter } from './wizard-frame';

type Row = { key: string; value: DraftAddress | null; cost: number | null };

type Props = {
  mode: FlowMode;
  initial: DraftAddress[];
  saving: boolean;
  backHref: string;
  onSubmit: (addresses: DraftAddress[]) => Promise<void> | void;
  onDraftChange?: (addresses: DraftAddress[]) => void;
  /** Editing a live (paid) job: the footer says what is due now (the new addresses) beside the period's price. */
  live?: LivePaid;
};

/** The server's own words (MESSAGES.duplicateAddress in lib/jobs/schemas.ts, kept equal by a test); not imported, so the step ships no zod. */
export const DUPLICATE_ADDRESS = 'This address is already in the list';
const ADDRESS_PRICE = centsToDollars(PRICES_CENTS.address) as number;

/** Step 2: where the job is advertised. Each address is priced; the posting needs one at least. */
export function AddressStep({ mode, initial, saving, backHref, onSubmit, onDraftChange, live }: Props) {
  const [rows, setRows] = useState<Row[]>(() =>
    initial.length ? initial.map((a) => ({ key: a.key || newAddressKey(), value: a, cost: a.cost ?? null })) : [{ key: newAddressKey(), value: null, cost: null }],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The keying of places loads only for a live job with paid places (it would add to every wizard page's first load).
  const [isFree, setIsFree] = useState<((a: DraftAddress) => boolean) | null>(null);
  useEffect(() => {
    if (!live || (!live.paidPlaces.length && !live.releasedPlaces.length)) return;
    let current = true;
    void import('./free-places').then(({ freePlacesOf, placeOfDraft }) => {
      const free = freePlacesOf(live);
      if (current) setIsFree(() => (a: DraftAddress) => free.has(placeOfDraft(a)));
    });
    return () => {
      current = false;
    };
  }, [live]);
  const [listError, setListError] = useState<string>();

  const commit = (next: Row[]) => {
    setRows(next);
    onDraftChange?.(chosen(next));
  };

  const setValue = (key: string, value: AddressSuggestion | null) => {
    setErrors(({ [key]: _drop, ...rest }) => rest);
    setListError(undefined);
    commit(rows.map((r) => (r.key === key ? { ...r, value: value ? { ...value, key } : null, cost: null } : r)));
  };

  const validate = async () => {
    const { addressError } = await import('./validation');
    const next: Record<string, string> = {};
    const seen = new Set<string>();
    for (const r of rows) {
      const message = addressError(r.value);
      if (message) next[r.key] = message;
      else if (seen.has(r.value!.description ?? '')) next[r.key] = DUPLICATE_ADDRESS;
      seen.add(r.value?.description ?? '');
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!rows.some((r) => r.value)) {
      const { MESSAGES } = await import('./validation');
      setListError(MESSAGES.addresses);
      setErrors(Object.fromEntries(rows.map((r) => [r.key, MESSAGES.invalidAddress])));
      return;
    }
    if (!(await validate())) return;
    await onSubmit(chosen(rows));
  };

  const count = rows.filter((r) => r.value).length;
  const total = count * ADDRESS_PRICE;
  // A saved address of a live job says whether it is paid. A new one is due, unless it names a paid
  // place: a saved paid one removed and picked again (the server keeps its row), or one taken off
  // within the period it was paid for (the server restores it free).
  const isDue = (a: DraftAddress) => (a.pendingPayment === undefined ? !isFree?.(a) : a.pendingPayment);
  const due = rows.filter((r) => r.value && isDue(r.value)).length * ADDRESS_PRICE;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <Section
        title="Targeting addresses"
        description={
          mode === 'edit'
            ? 'Drivers near these places see the job first. Each address is priced separately; on a live job a new address is published once it is paid.'
            : 'Drivers near these places see the job first. Each address is priced separately.'
        }
        aside={<span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium text-slate-600">{formatDollars(ADDRESS_PRICE)} per address</span>}
      >
        <ol className="flex flex-col gap-4" aria-label="Addresses">
          {rows.map((row, i) => (
            <li key={row.key} className="rounded-xl border border-slate-200 bg-slate-50/60 p-4" data-testid="address-row">
              <div className="flex items-start gap-3">
                <div className="min-w-0 flex-1">
                  <AddressField
                    label={`Address ${i + 1}`}
                    value={row.value?.description ? (row.value as AddressSuggestion) : null}
                    onChange={(v) => setValue(row.key, v)}
                    error={errors[row.key]}
                    placeholder="Street address, city or ZIP code"
                    autoFocus={i > 0 && !row.value && i === rows.length - 1}
                  />
                </div>
                <div className="flex shrink-0 flex-col items-end gap-2 pt-7">
                  {/* A group, so that its name is read with the amount (a plain span's aria-label is not). */}
                  <span role="group" className={row.value ? 'text-sm font-semibold text-slate-900' : 'text-sm text-slate-500'} aria-label={`Cost of address ${i + 1}`}>
                    {formatDollars(row.cost ?? ADDRESS_PRICE)}
                  </span>
                  {row.value?.pendingPayment && <PendingPaymentBadge />}
                  {rows.length > 1 && (
                    <button
                      type="button"
                      onClick={() => commit(rows.filter((r) => r.key !== row.key))}
                      className="text-xs font-medium text-slate-500 hover:text-red-600"
                      aria-label={`Remove address ${i + 1}`}
                    >
                      Remove
                    </button>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ol>
        {listError && (
          <p role="alert" className="text-sm text-red-600">
            {listError}
          </p>
        )}
        <div>
          <Button variant="secondary" onClick={() => setRows([...rows, { key: newAddressKey(), value: null, cost: null }])}>
            <span aria-hidden className="text-lg leading-none">+</span> Add another address
          </Button>
        </div>
      </Section>

      <WizardFooter
        summary={
          <p className="text-sm text-slate-600">
            {count} {count === 1 ? 'address' : 'addresses'} · <span className="font-semibold text-slate-900">{formatDollars(total)}</span>
            {live && (
              <>
                {' '}
                per period · <span className="font-semibold text-slate-900" data-testid="addresses-due-now">{formatDollars(due)}</span> due now
              </>
            )}
          </p>
        }
      >
        <LinkButton href={backHref} variant="secondary">
          {mode === 'edit' ? 'Cancel' : 'Back'}
        </LinkButton>
        <Button type="submit" loading={saving}>
          {mode === 'edit' ? 'Save changes' : 'Continue'}
        </Button>
      </WizardFooter>
    </form>
  );
}

function chosen(rows: Row[]): DraftAddress[] {
  return rows.filter((r) => r.value).map((r) => ({ ...(r.value as DraftAddress), key: r.key, cost: r.cost }));
}
