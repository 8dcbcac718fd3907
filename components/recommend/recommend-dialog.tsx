'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Alert } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { ApiError, api } from '@/lib/api/client';
import { inviteSchema, type InviteInput } from '@/lib/accounts/invite-schemas';
import { PRODUCT_NAME } from '@/lib/accounts/members-config';
import { mailtoHref, openMailClient } from './open-mail-client';

export const INVITE_ERROR = '*An error has ocurred, please try again later';
export const NO_MAIL_CLIENT =
  'We cannot detect an email client on your computer. Please check your system configuration before trying again.';
export const RESET_DELAY_MS = 1500;

type Recommendation = { invitation_link: string; default_text: string; subject?: string };

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Replaceable in tests: opens the mail client and answers whether one opened. */
  openMail?: (href: string) => Promise<boolean>;
};

/**
 * 'Recommend {product} to a Friend' (spec §2, §4, §5, §8): Name and Email, Send disabled while
 * invalid or loading. The API answers the sign-up link and a message; the user's mail client opens
 * with it, and 1.5 s later the form resets. If no mail client shows up, the message says so and the
 * text stays on screen to copy.
 */
export function RecommendDialog({ open, onOpenChange, openMail = openMailClient }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Recommend ${PRODUCT_NAME} to a Friend`}
      description={`Know someone who would like ${PRODUCT_NAME}? We'll prepare an invitation with a sign-up link and open it in your email app.`}
    >
      {/* The content unmounts when the dialog closes, so the invite state resets with it (spec §4). */}
      <RecommendForm onClose={() => onOpenChange(false)} openMail={openMail} />
    </Dialog>
  );
}

function RecommendForm({ onClose, openMail }: { onClose: () => void; openMail: (href: string) => Promise<boolean> }) {
  const toast = useToast();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [noClient, setNoClient] = useState(false);
  const [emailClient, setEmailClient] = useState(false);
  const [recommendation, setRecommendation] = useState<Recommendation | null>(null);
  // A double click or Enter pressed twice submits again before `loading` re-renders the button:
  // one invitation in flight at a time, so there is one outcome (sent or failed), never both.
  const sending = useRef(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isValid },
  } = useForm<InviteInput>({ resolver: zodResolver(inviteSchema), mode: 'onChange', defaultValues: { fullName: '', email: '' } });

  // 1.5 s after the mail client is asked to open, the form resets and the flag goes down.
  useEffect(() => {
    if (!emailClient) return;
    const timer = setTimeout(() => {
      reset();
      setEmailClient(false);
    }, RESET_DELAY_MS);
    return () => clearTimeout(timer);
  }, [emailClient, reset]);

  const send = async (values: InviteInput) => {
    if (sending.current) return;
    sending.current = true;
    setError(null);
    setNoClient(false);
    setRecommendation(null);
    setLoading(true);
    let result: Recommendation;
    try {
      result = (await api<Recommendation>('/lead/invite', { method: 'POST', body: values })).data;
    } catch (e) {
      sending.current = false;
      setLoading(false);
      setError(e instanceof ApiError && e.status === 429 ? e.message : INVITE_ERROR);
      return;
    }
    sending.current = false;
    setLoading(false);
    setRecommendation(result);
    setEmailClient(true);
    const subject = result.subject ?? `Join me on ${PRODUCT_NAME}`;
    const opened = await openMail(mailtoHref(values.email, subject, result.default_text));
    if (!opened) setNoClient(true);
  };
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => void handleSubmit(send)(e);

  const copy = async () => {
    if (!recommendation) return;
    try {
      await navigator.clipboard.writeText(recommendation.default_text);
      toast.show('success', 'Invitation copied. Paste it into an email or a message.');
    } catch {
      toast.show('error', 'Could not copy. Select the text and copy it by hand.');
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Recommend ${PRODUCT_NAME} to a Friend`} className="flex flex-col gap-4">
      <Field label="Name" autoComplete="off" placeholder="Your friend's full name" error={errors.fullName?.message} {...register('fullName')} />
      <Field label="Email" type="email" inputMode="email" autoComplete="off" placeholder="friend@example.com" error={errors.email?.message} {...register('email')} />
      {error && (
        <p role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      )}
      {noClient && <Alert type="warning">{NO_MAIL_CLIENT}</Alert>}
      {recommendation && (
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm" data-testid="invitation">
          <p className="font-medium text-slate-800">{emailClient && !noClient ? 'Opening your email app…' : 'Your invitation is ready'}</p>
          <p className="mt-1 text-slate-600">We also emailed it to your friend. You can copy it to send it another way:</p>
          <textarea
            readOnly
            value={recommendation.default_text}
            aria-label="Invitation text"
            rows={4}
            className="mt-2 w-full resize-none rounded-md border border-slate-200 bg-white p-2 text-xs text-slate-700"
          />
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <Button variant="secondary" className="px-3 py-1.5" onClick={copy}>
              Copy invitation
            </Button>
            <a href={recommendation.invitation_link} target="_blank" rel="noreferrer" className="truncate text-xs text-brand-600 hover:underline">
              {recommendation.invitation_link}
            </a>
          </div>
        </div>
      )}
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button type="submit" loading={loading} disabled={!isValid || loading}>
          Send
        </Button>
      </div>
    </form>
  );
}
