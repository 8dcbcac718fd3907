'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { CARD_MESSAGES, cardTypeOf, formatCardNumber, validateCard, type CardError, type CardInput } from '@/lib/payments/cards';

type Errors = Partial<Record<keyof CardInput, string>>;

/** Only an http(s) origin may receive the token; anything else falls back to our own origin. */
function safeOrigin(value: string): string {
  try {
    const u = new URL(value);
    if (u.protocol === 'http:' || u.protocol === 'https:') return u.origin;
  } catch {
    /* fall through */
  }
  return typeof window === 'undefined' ? '' : window.location.origin;
}

function formatExpiryInput(raw: string, previous: string) {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  if (raw.length < previous.length && previous.endsWith('/') && !raw.endsWith('/')) return digits.slice(0, 1);
  if (digits.length >= 3) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2) return `${digits}/`;
  if (digits.length === 1 && Number(digits) > 1) return `0${digits}/`;
  return digits;
}

const BRAND_STYLES: Record<string, string> = {
  Visa: 'bg-blue-700 text-white',
  Mastercard: 'bg-orange-500 text-white',
  Amex: 'bg-sky-500 text-white',
  Discover: 'bg-amber-500 text-white',
};

/**
 * The card form inside the iframe. The parent asks it to tokenize ({type:'tna:tokenize'}); it
 * validates, posts to the processor's tokenize endpoint and answers the parent with
 * {type:'tna:card-token', token, card_type, masked_number, expiration_date, card_holder_name}
 * or {type:'tna:card-status', status:'validation'|'error', message}.
 */
export function HostedFieldsForm({ parentOrigin, holderName, channel }: { parentOrigin: string; holderName: string; channel: string }) {
  const [card, setCard] = useState<CardInput>({ card_number: '', expiration_date: '', cvv: '', card_holder_name: holderName });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const rootRef = useRef<HTMLFormElement>(null);
  const target = safeOrigin(parentOrigin);
  const type = cardTypeOf(card.card_number);

  const post = useCallback(
    (message: Record<string, unknown>) => {
      if (window.parent !== window) window.parent.postMessage({ ...message, channel }, target);
    },
    [target, channel],
  );

  const submit = useCallback(async () => {
    if (busy) return;
    const found: CardError[] = validateCard(card);
    setErrors(Object.fromEntries(found.map((e) => [e.field, e.message])));
    if (found.length) {
      post({ type: 'tna:card-status', status: 'validation', message: found[0].message });
      // The field at fault takes the focus, as a hosted card form does.
      document.getElementById(fieldId(found[0].field))?.focus();
      return;
    }
    setBusy(true);
    try {
      const res = await fetch('/sandbox-gateway/tokenize', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(card),
      });
      const body = await res.json().catch(() => null);
      if (res.ok && body?.token) {
        post({ type: 'tna:card-token', token: body.token, card_type: body.card_type, masked_number: body.masked_number, expiration_date: body.expiration_date, card_holder_name: card.card_holder_name.trim() });
        setCard((c) => ({ ...c, cvv: '' }));
        return;
      }
      const list: { field?: keyof CardInput; message?: string }[] = body?.errors ?? [];
      if (res.status === 422 && list.length) {
        setErrors(Object.fromEntries(list.filter((e) => e.field).map((e) => [e.field, e.message])));
        post({ type: 'tna:card-status', status: 'validation', message: list[0].message || CARD_MESSAGES.validation });
      } else {
        post({ type: 'tna:card-status', status: 'error', message: body?.message || CARD_MESSAGES.unknown });
      }
    } catch {
      post({ type: 'tna:card-status', status: 'error', message: CARD_MESSAGES.unknown });
    } finally {
      setBusy(false);
    }
  }, [busy, card, post]);

  // Listen for the parent's request, from the parent only.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== target || event.source !== window.parent) return;
      if (event.data?.type === 'tna:tokenize' && event.data?.channel === channel) void submit();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [submit, target, channel]);

  // Tell the parent our height so the iframe never scrolls.
  useEffect(() => {
    const el = rootRef.current;
    if (!el) return;
    const report = () => post({ type: 'tna:resize', height: Math.ceil(el.getBoundingClientRect().height) + 4 });
    report();
    const ro = new ResizeObserver(report);
    ro.observe(el);
    post({ type: 'tna:ready' });
    return () => ro.disconnect();
  }, [post]);

  const set = (field: keyof CardInput, value: string) => {
    setCard((c) => ({ ...c, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <form
      ref={rootRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="grid grid-cols-2 gap-3 bg-transparent p-0.5 font-sans"
      aria-busy={busy}
    >
      <CardField
        id={FIELD_IDS.card_number}
        label="Card number"
        wide
        error={errors.card_number}
        className="pr-24 font-mono tracking-wide"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={card.card_number}
        onChange={(e) => set('card_number', formatCardNumber(e.target.value))}
        badge={type && <span className={`absolute right-2 top-1/2 -translate-y-1/2 rounded px-2 py-0.5 text-[11px] font-bold uppercase tracking-wide ${BRAND_STYLES[type]}`}>{type}</span>}
      />
      <CardField
        id={FIELD_IDS.expiration_date}
        label="Expiration (MM/YY)"
        error={errors.expiration_date}
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder="MM/YY"
        value={card.expiration_date}
        onChange={(e) => set('expiration_date', formatExpiryInput(e.target.value, card.expiration_date))}
      />
      <CardField
        id={FIELD_IDS.cvv}
        label="Security code"
        error={errors.cvv}
        inputMode="numeric"
        autoComplete="cc-csc"
        placeholder={type === 'Amex' ? '4 digits' : '3 digits'}
        value={card.cvv}
        onChange={(e) => set('cvv', e.target.value.replace(/\D/g, '').slice(0, 4))}
      />
      <CardField
        id={FIELD_IDS.card_holder_name}
        label="Card holder name"
        wide
        error={errors.card_holder_name}
        autoComplete="cc-name"
        placeholder="Name as it appears on the card"
        value={card.card_holder_name}
        onChange={(e) => set('card_holder_name', e.target.value)}
      />
      {/* Enter submits; the parent's button usually asks for the token instead. */}
      <button type="submit" className="sr-only" tabIndex={-1}>
        Use this card
      </button>
    </form>
  );
}

/** The input of each card field (the ids the form's inputs carry). */
const FIELD_IDS: Record<keyof CardInput, string> = { card_number: 'hf-number', expiration_date: 'hf-exp', cvv: 'hf-cvv', card_holder_name: 'hf-name' };
const fieldId = (field: keyof CardInput) => FIELD_IDS[field];

type CardFieldProps = React.InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string; wide?: boolean; badge?: React.ReactNode };

/** One labelled input of the card form, its error announced and linked. */
function CardField({ id, label, error, wide, badge, className, ...props }: CardFieldProps) {
  return (
    <div className={`flex flex-col gap-1 ${wide ? 'col-span-2' : ''}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          className={`w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm outline-none transition placeholder:text-slate-400 focus:ring-2 ${
            error ? 'border-red-400 focus:ring-red-200' : 'border-slate-300 focus:border-blue-500 focus:ring-blue-100'
          } ${className ?? ''}`}
          aria-invalid={!!error || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...props}
        />
        {badge}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
