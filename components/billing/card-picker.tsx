'use client';

import dynamic from 'next/dynamic';
import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { clsx } from 'clsx';
import type { CardView } from '@/lib/payments/payment-methods';
import type { PayCardInput } from '@/lib/payments/schemas';
import type { CardToken, HostedCardFieldsHandle } from './hosted-card-fields';
import { SavedCard } from './saved-card';

// The gateway's card fields load while the checkout's summary is fetched, or when "Use a new card"
// is chosen: a company with a saved card pays without them (issue 16: first-load JS).
const HostedCardFields = dynamic(() => import('./hosted-card-fields').then((m) => m.HostedCardFields), {
  ssr: false,
  loading: () => <p className="flex min-h-[236px] items-center justify-center text-sm text-slate-500">Loading the card form…</p>,
});
const CARD_FORM_LOADING = 'The card form is still loading. Try again in a moment.';

export type CardPickerHandle = {
  /**
   * The card to pay with: undefined means the saved card; a new card is its token with what the
   * hosted fields showed of it (the server needs those when the gateway's token does not describe
   * itself, as Celero's do not). Rejects when the new card is refused.
   */
  card: () => Promise<PayCardInput | undefined>;
};

/** The hosted fields' answer as the charge calls take it; empty values are left out. */
export function payCardOf(t: CardToken): PayCardInput {
  const card: PayCardInput = { card_token: t.token };
  if (t.card_holder_name.trim()) card.card_holder_name = t.card_holder_name.trim();
  if (t.card_type) card.card_type = t.card_type;
  if (t.masked_number) card.masked_number = t.masked_number;
  if (t.expiration_date) card.expiration_date = t.expiration_date;
  return card;
}

/** The saved card, or a new one through the gateway's hosted fields. */
export const CardPicker = forwardRef<CardPickerHandle, { card: CardView | null; hostedFieldsUrl: string; disabled?: boolean }>(function CardPicker(
  { card, hostedFieldsUrl, disabled },
  ref,
) {
  const fields = useRef<HostedCardFieldsHandle>(null);
  const [useSaved, setUseSaved] = useState(true);
  const savedSelected = !!card && useSaved;

  useImperativeHandle(ref, () => ({
    card: async () => {
      if (savedSelected) return undefined;
      if (!fields.current) throw new Error(CARD_FORM_LOADING);
      return payCardOf(await fields.current.tokenize());
    },
  }));

  return (
    <div className="space-y-3">
      {card && (
        <div role="radiogroup" aria-label="Card to pay with" className="space-y-3">
          <Choice checked={useSaved} onSelect={() => setUseSaved(true)} label="Saved card" disabled={disabled}>
            <SavedCard card={card} compact />
          </Choice>
          <Choice checked={!useSaved} onSelect={() => setUseSaved(false)} label="Use a new card" disabled={disabled}>
            <span className="block text-sm text-slate-500">It becomes your company&apos;s saved card once the payment is approved.</span>
          </Choice>
        </div>
      )}
      {!savedSelected && (
        <div className={clsx(card && 'rounded-xl border border-slate-200 p-4')}>
          <HostedCardFields ref={fields} url={hostedFieldsUrl} />
        </div>
      )}
    </div>
  );
});

function Choice({ checked, onSelect, label, disabled, children }: { checked: boolean; onSelect: () => void; label: string; disabled?: boolean; children: React.ReactNode }) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      disabled={disabled}
      onClick={onSelect}
      className={clsx(
        'flex w-full items-start gap-3 rounded-xl border p-4 text-left transition disabled:cursor-not-allowed',
        checked ? 'border-brand-500 bg-brand-50/50 ring-1 ring-brand-500' : 'border-slate-200 hover:border-slate-300',
      )}
    >
      <span className={clsx('mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border', checked ? 'border-brand-600' : 'border-slate-400')} aria-hidden>
        {checked && <span className="size-2 rounded-full bg-brand-600" />}
      </span>
      <span className="min-w-0 flex-1 space-y-2">
        <span className="block text-sm font-semibold text-slate-900">{label}</span>
        {children}
      </span>
    </button>
  );
}
