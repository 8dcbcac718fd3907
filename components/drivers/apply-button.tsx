'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { api, errorMessage } from '@/lib/api/client';
import { CONFIRMATION_CLASS, markJustApplied } from './applied-status';

/** The longest message the API takes (lib/drivers/schemas.ts). */
const MESSAGE_MAX = 1000;

/** Apply to a job from the portal job page, with an optional short message. */
export function ApplyButton({ jobId }: { jobId: number }) {
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  // Cancel puts the Apply button back in the form's place: the focus goes to it, not to the page's body.
  const refocus = useRef(false);
  const applyButton = (el: HTMLButtonElement | null) => {
    if (!el || !refocus.current) return;
    refocus.current = false;
    el.focus();
  };
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);
  const cancel = () => {
    refocus.current = true;
    setOpen(false);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api(`/jobs/${jobId}/apply`, { method: 'POST', body: message.trim() ? { message: message.trim() } : {} });
      toast.show('success', 'Application sent. The company will be in touch.');
      // The form goes: the focus, on its Send button, fell to the page's body. It goes to the
      // confirmation here, then to the page's "You applied on …" that replaces this after the refresh.
      markJustApplied(jobId);
      setSent(true);
      router.refresh();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <div ref={confirmation} role="status" tabIndex={-1} className={CONFIRMATION_CLASS}>
        <p className="font-semibold text-emerald-700">Application sent.</p>
      </div>
    );
  }

  if (!open) {
    return (
      <Button ref={applyButton} type="button" className="w-full py-3" onClick={() => setOpen(true)}>
        Apply
      </Button>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label="Apply to this job">
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
        Message to the company (optional)
        <textarea
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          maxLength={MESSAGE_MAX}
          rows={4}
          autoFocus
          aria-describedby="apply-message-count"
          className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-normal shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
        />
      </label>
      {/* A pasted text longer than this is cut by the field: the count says where the end is. */}
      <p id="apply-message-count" className={`-mt-2 text-right text-xs ${message.length >= MESSAGE_MAX ? 'font-medium text-amber-700' : 'text-slate-500'}`}>
        {message.length >= MESSAGE_MAX ? `${MESSAGE_MAX} of ${MESSAGE_MAX} characters: the rest was not kept` : `${message.length} of ${MESSAGE_MAX} characters`}
      </p>
      {error && <Alert type="error">{error}</Alert>}
      <div className="flex gap-2">
        <Button type="submit" loading={busy} className="flex-1">
          Send application
        </Button>
        <Button type="button" variant="secondary" onClick={cancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
