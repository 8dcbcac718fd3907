'use client';

import { forwardRef, useCallback, useEffect, useId, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { clsx } from 'clsx';
import { CARD_MESSAGES } from '@/lib/payments/cards';

/** What the gateway's hosted fields hand back: a token and what may be shown of the card. */
export type CardToken = { token: string; card_type: string; masked_number: string; expiration_date: string; card_holder_name: string };

/**
 * Spec §4 card validation status, as far as the card form can know it. A token only says the
 * card's format is right, not that the bank accepts it: success is what the owner shows once the
 * server has saved or charged the card (a toast, the saved card), never this form on a token.
 */
export type CardStatus = { status: 'error' | 'validation'; message: string } | null;

export type HostedCardFieldsHandle = {
  /** Asks the iframe to validate and tokenize; resolves with the token, rejects with the message. */
  tokenize: () => Promise<CardToken>;
};

type Pending = { resolve: (t: CardToken) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> };

/**
 * The gateway's hosted card fields in an iframe. The card number and code never enter this page:
 * the iframe tokenizes at the gateway and posts the token here; messages from any other origin,
 * window or channel are ignored.
 */
export const HostedCardFields = forwardRef<HostedCardFieldsHandle, { url: string; holderName?: string; onStatus?: (s: CardStatus) => void; className?: string }>(
  function HostedCardFields({ url, holderName, onStatus, className }, ref) {
    const frameRef = useRef<HTMLIFrameElement>(null);
    const pending = useRef<Pending | null>(null);
    const channel = useId().replace(/[^a-zA-Z0-9]/g, '');
    const [height, setHeight] = useState(236);
    const [ready, setReady] = useState(false);
    const [status, setStatus] = useState<CardStatus>(null);
    const [origin, setOrigin] = useState<string | null>(null);

    useEffect(() => setOrigin(window.location.origin), []);

    const src = useMemo(() => {
      if (!origin) return null;
      const u = new URL(url, origin);
      u.searchParams.set('parent', origin);
      u.searchParams.set('channel', channel);
      if (holderName) u.searchParams.set('name', holderName);
      return u.toString();
    }, [url, origin, channel, holderName]);
    const gatewayOrigin = src ? new URL(src).origin : null;

    const report = useCallback(
      (s: CardStatus) => {
        setStatus(s);
        onStatus?.(s);
        // A refused card brings the form into view: on a phone the field at fault sat under the
        // sticky Pay bar, and the tap seemed to do nothing (the form focuses the field itself).
        if (s) frameRef.current?.scrollIntoView?.({ block: 'center' });
      },
      [onStatus],
    );

    useEffect(() => {
      const onMessage = (event: MessageEvent) => {
        if (event.origin !== gatewayOrigin || event.source !== frameRef.current?.contentWindow) return;
        const data = event.data as { type?: string; channel?: string } & Record<string, unknown>;
        if (!data || data.channel !== channel) return;
        if (data.type === 'tna:resize' && typeof data.height === 'number') setHeight(Math.min(Math.max(data.height, 120), 600));
        if (data.type === 'tna:ready') setReady(true);
        if (data.type === 'tna:card-token' && typeof data.token === 'string') {
          const text = (v: unknown) => (typeof v === 'string' ? v : '');
          const card = { token: data.token, card_type: text(data.card_type), masked_number: text(data.masked_number), expiration_date: text(data.expiration_date), card_holder_name: text(data.card_holder_name) };
          // Clears an earlier refusal; the bank has not been asked yet, so nothing here says success.
          report(null);
          pending.current?.resolve(card);
          clearTimeout(pending.current?.timer);
          pending.current = null;
        }
        if (data.type === 'tna:card-status') {
          const s = data.status === 'validation' ? 'validation' : 'error';
          const message = String(data.message || (s === 'validation' ? CARD_MESSAGES.validation : CARD_MESSAGES.unknown));
          report({ status: s, message });
          pending.current?.reject(new Error(message));
          clearTimeout(pending.current?.timer);
          pending.current = null;
        }
      };
      window.addEventListener('message', onMessage);
      return () => window.removeEventListener('message', onMessage);
    }, [gatewayOrigin, channel, report]);

    useImperativeHandle(
      ref,
      () => ({
        tokenize: () =>
          new Promise<CardToken>((resolve, reject) => {
            const win = frameRef.current?.contentWindow;
            if (!win || !gatewayOrigin) return reject(new Error(CARD_MESSAGES.unknown));
            pending.current?.reject(new Error('Replaced by a newer request.'));
            const timer = setTimeout(() => {
              pending.current = null;
              report({ status: 'error', message: CARD_MESSAGES.unknown });
              reject(new Error(CARD_MESSAGES.unknown));
            }, 20_000);
            pending.current = { resolve, reject, timer };
            win.postMessage({ type: 'tna:tokenize', channel }, gatewayOrigin);
          }),
      }),
      [gatewayOrigin, channel, report],
    );

    return (
      <div className={className}>
        <div className="relative">
          {!ready && (
            <div className="absolute inset-0 grid grid-cols-2 gap-3" aria-hidden>
              {[2, 1, 1, 2].map((span, i) => (
                <div key={i} className={clsx('flex flex-col gap-2', span === 2 && 'col-span-2')}>
                  <div className="h-4 w-28 animate-pulse rounded bg-slate-200" />
                  <div className="h-10 animate-pulse rounded-lg bg-slate-100" />
                </div>
              ))}
            </div>
          )}
          {src && (
            <iframe
              ref={frameRef}
              src={src}
              title="Secure card form"
              className={clsx('block w-full border-0 bg-transparent transition-opacity', ready ? 'opacity-100' : 'opacity-0')}
              style={{ height }}
              data-ready={ready}
              // The form says when it is ready; a gateway that does not is shown after a moment anyway.
              onLoad={() => setTimeout(() => setReady(true), 3000)}
            />
          )}
        </div>
        <div className="mt-3 flex items-center gap-2 text-xs text-slate-500">
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-4 text-emerald-600" aria-hidden>
            <path fillRule="evenodd" d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z" clipRule="evenodd" />
          </svg>
          Card details go straight to our payment processor. We never see or store your card number.
        </div>
        {status && (
          <p role="alert" data-card-status={status.status} className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {status.message}
          </p>
        )}
      </div>
    );
  },
);
