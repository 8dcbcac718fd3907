'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { CANCELLATION_REASONS, OTHER_REASON, OTHER_TEXT_REQUIRED, REASON_MAX, REASON_REQUIRED, cutToReasonMax } from '@/lib/subscriptions/reasons';
import { subscriptionLabel } from '@/lib/subscriptions/labels';

type Props = {
  subscription: { id: number; subscription: string } | null;
  onClose: () => void;
  onUnsubscribe: (reason: { reason_code: number; renewal_cancellation_reason?: string }) => Promise<void>;
  loading: boolean;
};

/**
 * The cancel flow of accounts spec §4: a confirmation step, then the reason step (a reason is
 * required; 'Other' needs its text, at most 250 characters, longer text cut to 250). Cancel on
 * the reason step goes back to the confirmation and closes.
 */
export function CancelSubscriptionDialog({ subscription, onClose, onUnsubscribe, loading }: Props) {
  const [step, setStep] = useState<'confirm' | 'reason'>('confirm');
  const [code, setCode] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setStep('confirm');
    setCode(null);
    setText('');
    setError(null);
    onClose();
  };

  async function submit() {
    if (code === null) return setError(REASON_REQUIRED);
    const other = cutToReasonMax(text.trim());
    if (code === OTHER_REASON && !other) return setError(OTHER_TEXT_REQUIRED);
    setError(null);
    await onUnsubscribe({ reason_code: code, renewal_cancellation_reason: code === OTHER_REASON ? other : undefined });
    setStep('confirm');
    setCode(null);
    setText('');
  }

  const name = subscription ? subscriptionLabel(subscription.subscription) : '';
  if (!subscription) return null;
  if (step === 'confirm') {
    return (
      <Dialog
        open
        onOpenChange={(open) => !open && close()}
        size="sm"
        title={`Unsubscribe from ${name}?`}
        description="The subscription stops renewing. The driver keeps the service until its expiration date."
        footer={
          <>
            <Button variant="secondary" onClick={close} autoFocus>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => setStep('reason')}>
              Confirm
            </Button>
          </>
        }
      />
    );
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      size="md"
      title="Why is the driver unsubscribing?"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button variant="danger" onClick={submit} loading={loading}>
            Unsubscribe
          </Button>
        </>
      }
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Cancellation reason</legend>
        {CANCELLATION_REASONS.map((r) => (
          <label key={r.code} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" name="reason" value={r.code} checked={code === r.code} onChange={() => setCode(r.code)} />
            {r.label}
          </label>
        ))}
      </fieldset>
      {code === OTHER_REASON && (
        <div className="mt-3 flex flex-col gap-1">
          <label htmlFor="cancel-reason-text" className="text-sm font-medium text-slate-700">
            Reason
          </label>
          <textarea
            id="cancel-reason-text"
            value={text}
            maxLength={REASON_MAX}
            rows={3}
            aria-describedby="cancel-reason-count"
            onChange={(e) => setText(cutToReasonMax(e.target.value))}
            onPaste={(e) => {
              // Pasted text longer than the limit is cut to 250 characters, not refused.
              e.preventDefault();
              const pasted = e.clipboardData.getData('text');
              setText((t) => cutToReasonMax(t + pasted));
            }}
            className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
          <span id="cancel-reason-count" className="text-xs text-slate-500">
            {text.length}/{REASON_MAX}
          </span>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </Dialog>
  );
}
