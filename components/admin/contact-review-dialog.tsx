'use client';

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Alert } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { api } from '@/lib/api/client';
import { errorsByField } from './form-errors';

/** POST /admin/contact_review_job: write to the company about a posting under review. */
export function ContactReviewDialog({ job, onClose }: { job: { id: number; title: string }; onClose: () => void }) {
  const [subject, setSubject] = useState(`About your job “${job.title}”`);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toast = useToast();
  const send = useMutation({ mutationFn: async () => (await api<{ sent_to: string }>('/admin/contact_review_job', { method: 'POST', body: { job_id: job.id, subject, message } })).data });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    try {
      const sent = await send.mutateAsync();
      toast.show('success', `Message sent to ${sent.sent_to}`);
      onClose();
    } catch (error) {
      setErrors(errorsByField(error));
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Contact the company" description={`About “${job.title}”. The message is mailed to the company and kept with the job.`} size="lg">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {errors.form && <Alert type="error">{errors.form}</Alert>}
        <Field label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} error={errors.subject} />
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Message
          <textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={6} maxLength={5000} aria-invalid={errors.message ? true : undefined} className="rounded-lg border border-slate-300 px-3 py-2.5 text-sm" />
          {errors.message && (
            <span role="alert" className="text-xs text-red-600">
              {errors.message}
            </span>
          )}
        </label>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending}>
            Send
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
