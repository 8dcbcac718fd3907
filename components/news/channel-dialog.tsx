'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { api } from '@/lib/api/client';
import { splitApiErrors } from '@/lib/api/field-errors';
import { revealFirstProblem } from '@/lib/browser/first-problem';

export type ChannelFields = { id?: number; name: string; description: string | null; channel_type: string; is_active: boolean };

/** The fields the dialog shows a message under; any other field's message joins the general one. */
type FieldErrors = Partial<Record<'name' | 'channel_type' | 'description', string>>;

const BLANK: ChannelFields = { name: '', description: '', channel_type: 'general', is_active: true };

/** Create or edit a channel (news admins). Saves through the API, then reloads the server list. */
export function ChannelDialog({ channel, trigger }: { channel?: ChannelFields; trigger: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const initial = channel ?? BLANK;
  const [form, setForm] = useState<ChannelFields>(initial);
  const [error, setError] = useState<string>();
  // A refusal is said under its field (it showed only as a general alert), and the first one gets the focus.
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (error || Object.values(fieldErrors).some(Boolean)) revealFirstProblem(formRef.current);
  }, [error, fieldErrors]);
  const [saving, setSaving] = useState(false);
  // Deactivating a live channel takes all its posts off the site at once: asked before it is done.
  const [confirming, setConfirming] = useState(false);
  const deactivating = Boolean(channel?.is_active) && !form.is_active;

  // Each opening starts from the saved channel (a new one from blank): the last one's values stayed,
  // and a second Create made a duplicate.
  const openDialog = () => {
    setForm(initial);
    setError(undefined);
    setFieldErrors({});
    setConfirming(false);
    setOpen(true);
  };

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (deactivating && !confirming) return setConfirming(true);
    setSaving(true);
    setError(undefined);
    setFieldErrors({});
    try {
      const body = { name: form.name, description: form.description || null, channel_type: form.channel_type, is_active: form.is_active };
      await api(channel?.id ? `/news/channels/${channel.id}` : '/news/channels', { method: channel?.id ? 'PUT' : 'POST', body });
      setOpen(false);
      router.refresh();
    } catch (err) {
      const { byField, general } = splitApiErrors(err);
      const { name, channel_type, description, ...others } = byField;
      setFieldErrors({ name, channel_type, description });
      setError(general ?? (Object.values(others).join(' ') || undefined));
    } finally {
      setSaving(false);
    }
  };

  // Typing in a field answers its message: the message goes with it.
  const edit = (field: keyof FieldErrors, value: string) => {
    setForm({ ...form, [field]: value });
    if (fieldErrors[field]) setFieldErrors((f) => ({ ...f, [field]: undefined }));
  };

  return (
    <>
      <Button variant={channel ? 'secondary' : 'primary'} onClick={openDialog}>
        {trigger}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={channel ? 'Edit channel' : 'New channel'} size="sm">
        <form ref={formRef} onSubmit={save} noValidate className="flex flex-col gap-4">
          <Field label="Name" autoFocus value={form.name} error={fieldErrors.name} onChange={(e) => edit('name', e.target.value)} />
          <Field label="Channel type" value={form.channel_type} error={fieldErrors.channel_type} onChange={(e) => edit('channel_type', e.target.value)} hint="For example general, safety, industry." />
          <Field label="Description" value={form.description ?? ''} error={fieldErrors.description} onChange={(e) => edit('description', e.target.value)} />
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={form.is_active}
              onChange={(e) => {
                setForm({ ...form, is_active: e.target.checked });
                setConfirming(false);
              }}
            />{' '}
            Active
          </label>
          {deactivating && confirming && (
            <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              Deactivating takes every post of this channel off the site at once: its public pages, the sitemap and the drivers&apos; news. Save again to
              deactivate it.
            </p>
          )}
          {error && (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} variant={deactivating && confirming ? 'danger' : 'primary'}>
              {deactivating && confirming ? 'Deactivate channel' : channel ? 'Save channel' : 'Create channel'}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
