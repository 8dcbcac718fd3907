'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Alert, Spinner } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { api, errorMessage } from '@/lib/api/client';
import { PICTURE_BAD_TYPE, PICTURE_MAX_BYTES, PICTURE_TOO_LARGE, TIMEZONES, TIMEZONE_LABELS, type Timezone } from '@/lib/accounts/preference-rules';

type Preferences = { timezone: Timezone; profile_picture: string | null };
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
const KEY = ['account', 'preferences'];

/** The member's time zone (one of the four US zones) and profile picture, each saved on its own. */
export function PreferencesSection() {
  const qc = useQueryClient();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const q = useQuery({ queryKey: KEY, queryFn: async () => (await api<Preferences>('/account/preferences')).data });
  const [busy, setBusy] = useState<'timezone' | 'picture' | null>(null);

  async function send(kind: 'timezone' | 'picture', call: () => Promise<{ data: Preferences }>) {
    setBusy(kind);
    try {
      qc.setQueryData(KEY, (await call()).data);
      toast.show('success', 'Updated successfully');
    } catch (error) {
      toast.show('error', errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  function choose(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!ACCEPT.split(',').includes(file.type)) return toast.show('error', PICTURE_BAD_TYPE);
    if (file.size > PICTURE_MAX_BYTES) return toast.show('error', PICTURE_TOO_LARGE);
    const form = new FormData();
    form.append('picture', file);
    void send('picture', () => api<Preferences>('/account/picture', { method: 'PUT', body: form }));
  }

  if (q.isPending) return <Spinner label="Loading your preferences" />;
  if (q.isError) return <Alert type="error">{errorMessage(q.error)}</Alert>;
  const p = q.data;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <label htmlFor="timezone" className="text-sm font-medium text-slate-700">
          Time zone
        </label>
        <select
          id="timezone"
          value={p.timezone}
          disabled={busy === 'timezone'}
          onChange={(e) => void send('timezone', () => api<Preferences>('/account/preferences', { method: 'PATCH', body: { timezone: e.target.value } }))}
          className="max-w-xs rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
        >
          {TIMEZONES.map((tz) => (
            <option key={tz} value={tz}>
              {TIMEZONE_LABELS[tz]}
            </option>
          ))}
        </select>
        <p className="text-xs text-slate-500">Times in your messages and reminders use this zone.</p>
      </div>
      <div className="flex items-center gap-4">
        {p.profile_picture ? (
          // eslint-disable-next-line @next/next/no-img-element -- the user's own picture, already 256 px
          <img src={p.profile_picture} alt="Your profile picture" width={64} height={64} className="size-16 rounded-full border border-slate-200 object-cover" />
        ) : (
          <span role="img" aria-label="No profile picture" className="flex size-16 items-center justify-center rounded-full bg-slate-100 text-slate-400">
            <svg viewBox="0 0 24 24" fill="currentColor" className="size-8" aria-hidden>
              <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v1h16v-1c0-2.8-3.6-5-8-5Z" />
            </svg>
          </span>
        )}
        <div className="flex flex-wrap gap-2">
          <input ref={input} type="file" accept={ACCEPT} className="hidden" onChange={choose} aria-label="Choose a profile picture" />
          <Button variant="secondary" loading={busy === 'picture'} onClick={() => input.current?.click()}>
            {p.profile_picture ? 'Change picture' : 'Upload picture'}
          </Button>
          {p.profile_picture && (
            <Button variant="ghost" disabled={busy === 'picture'} onClick={() => void send('picture', () => api<Preferences>('/account/picture', { method: 'DELETE' }))}>
              Remove
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
