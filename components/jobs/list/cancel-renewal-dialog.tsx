'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '../controls';

/** The reasons offered when a renewal is cancelled; 'Other' asks for the user's own words. */
export const RENEWAL_REASONS = ['No longer want the service', 'Unhappy with the coverage', 'Other'] as const;
export const OTHER_REASON_MAX = 250;
export const CHOOSE_REASON = 'Choose a reason';
export const OTHER_REASON_REQUIRED = 'Tell us why you are cancelling the renewal';
export const OTHER_REASON_TOO_LONG = `Keep it under ${OTHER_REASON_MAX} characters`;

/** The reason text to send, or the message that stops the form. */
export function renewalReason(choice: string, other: string): { reason: string } | { error: string; field: 'choice' | 'other' } {
  if (!choice) return { error: CHOOSE_REASON, field: 'choice' };
  if (choice !== 'Other') return { reason: choice };
  const text = other.trim();
  if (!text) return { error: OTHER_REASON_REQUIRED, field: 'other' };
  if (text.length > OTHER_REASON_MAX) return { error: OTHER_REASON_TOO_LONG, field: 'other' };
  return { reason: text };
}

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  jobTitle: string;
  onConfirm: (reason: string) => void;
  pending?: boolean;
};

/** Cancel renewal: the posting stays up until it expires, then stops (spec §4 "cancel renewal"). */
export function CancelRenewalDialog({ open, onOpenChange, jobTitle, onConfirm, pending }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title="Cancel renewal"
      description={
        <>
          <span className="font-medium text-slate-800">{jobTitle}</span> stays posted until it expires and is not charged again.
        </>
      }
    >
      {open && <ReasonForm onConfirm={onConfirm} onCancel={() => onOpenChange(false)} pending={pending} />}
    </Dialog>
  );
}

function ReasonForm({ onConfirm, onCancel, pending }: { onConfirm: (reason: string) => void; onCancel: () => void; pending?: boolean }) {
  const [choice, setChoice] = useState('');
  const [other, setOther] = useState('');
  const [error, setError] = useState<{ message: string; field: 'choice' | 'other' } | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const result = renewalReason(choice, other);
    if ('error' in result) return setError({ message: result.error, field: result.field });
    onConfirm(result.reason);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <fieldset aria-describedby={error?.field === 'choice' ? 'reason-error' : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-700">Why are you cancelling?</legend>
        <div className="flex flex-col gap-2">
          {RENEWAL_REASONS.map((r) => (
            <label key={r} className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
              <input
                type="radio"
                name="reason"
                value={r}
                checked={choice === r}
                onChange={() => {
                  setChoice(r);
                  setError(null);
                }}
                className="size-4 accent-brand-600"
              />
              {r}
            </label>
          ))}
        </div>
        {error?.field === 'choice' && (
          <p id="reason-error" role="alert" className="mt-2 text-xs text-red-600">
            {error.message}
          </p>
        )}
      </fieldset>
      {choice === 'Other' && (
        <TextAreaField
          label="Tell us more"
          autoFocus
          value={other}
          onChange={(e) => {
            setOther(e.target.value);
            setError(null);
          }}
          error={error?.field === 'other' ? error.message : undefined}
          hint={`${other.trim().length}/${OTHER_REASON_MAX}`}
          rows={3}
        />
      )}
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Keep renewal
        </Button>
        <Button type="submit" variant="danger" loading={pending}>
          Cancel renewal
        </Button>
      </div>
    </form>
  );
}
