'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useLeaveWarning } from '@/lib/browser/leave-warning';
import { revealFirstProblem } from '@/lib/browser/first-problem';
import { ApiError, api, errorMessage } from '@/lib/api/client';
import { AD_AUDIENCES, AD_PLACEMENTS, AD_STATUSES, AD_WEIGHT_MAX, AD_WEIGHT_MIN, STATUS_TRANSITIONS, labelFor, placementsMessage, reachesAudience, type AdAudience, type AdStatus } from '@/lib/ads/codes';
import type { AdView } from '@/lib/ads/serialize-types';
import { US_STATES } from '@/lib/jobs/codes';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { AdCreative } from './ad-creative';
import { MediaField, type AdMedia } from './media-field';

type Errors = Record<string, string>;
/** Said beside the save buttons while the media is uploading (saving then would leave it out). */
export const WAIT_FOR_UPLOAD = 'Wait for the upload to finish before saving.';
/** Fixing a field clears its error, and those of the fields whose check it takes part in. */
const CLEARS: Partial<Record<string, string[]>> = { audience: ['placements'], starts_at: ['ends_at'] };
const today = () => new Date().toISOString().slice(0, 10);
/** The UTC day of a stored moment, what the date input shows ('2026-01-01T08:30:00.000Z' → '2026-01-01'). */
const dayOf = (iso: string | null | undefined) => iso?.slice(0, 10) ?? '';
/** '08:30 UTC' for a moment that is not midnight UTC, else null. */
const timeOf = (iso: string | null | undefined) => (iso && iso.slice(11, 16) !== '00:00' ? `${iso.slice(11, 16)} UTC` : null);

type FormValues = {
  name: string;
  advertiser: string;
  headline: string;
  target_url: string;
  placements: string[];
  audience: AdAudience;
  states: string[];
  starts_at: string;
  ends_at: string;
  weight: string;
  status: AdStatus;
};

/**
 * The body the form sends. A new ad sends everything (its days are midnight UTC). An edit sends
 * a date only when the user changed its day, so a start or end with a time of day (the API takes
 * date-times) keeps it, and the status only when it changed.
 */
export function adFormBody(v: FormValues, media: AdMedia, status: AdStatus, ad?: AdView) {
  const body: Record<string, unknown> = {
    name: v.name,
    advertiser: v.advertiser,
    headline: v.headline,
    target_url: v.target_url,
    placements: v.placements,
    audience: v.audience,
    states: v.states,
    weight: Number(v.weight),
    media_id: media?.id ?? null,
  };
  if (!ad) return { ...body, starts_at: v.starts_at, ends_at: v.ends_at || null, status };
  if (v.starts_at !== dayOf(ad.starts_at)) body.starts_at = v.starts_at;
  if (v.ends_at !== dayOf(ad.ends_at)) body.ends_at = v.ends_at || null;
  if (status !== ad.status) body.status = status;
  return body;
}
const input = 'w-full rounded-lg border border-slate-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-400';

function Text({ label, name, value, onChange, error, type = 'text', hint, ...rest }: { label: string; name: string; value: string; onChange: (v: string) => void; error?: string; type?: string; hint?: string } & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium text-slate-800">{label}</span>
      <input name={name} type={type} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} className={input} {...rest} />
      {hint && !error && <span className="text-xs text-slate-500">{hint}</span>}
      {error && (
        <span role="alert" className="text-xs text-red-600">
          {error}
        </span>
      )}
    </label>
  );
}

/**
 * The media this form uploaded and no ad shows yet. A file the form replaces (another one chosen)
 * or abandons (the form left without saving) is deleted, so it is not kept and served for nothing;
 * the ad's own stored media is never among them (the server releases it when the ad saves another).
 * A closed tab cannot ask: the tick's 'ad-media' step removes what is left after a grace period.
 */
function useUnsavedUploads() {
  const pending = useRef(new Set<string>());
  const drop = (id: string) => {
    pending.current.delete(id);
    void api(`/ads/multimedia/delete/${encodeURIComponent(id)}`, { method: 'DELETE' }).catch(() => undefined);
  };
  useEffect(() => {
    const ids = pending.current;
    return () => [...ids].forEach(drop);
  }, []);
  return {
    /** `next` replaces `previous` in the form. */
    replaced(previous: string | undefined, next: string | undefined) {
      if (previous && previous !== next && pending.current.has(previous)) drop(previous);
      if (next) pending.current.add(next);
    },
    saved: () => pending.current.clear(),
  };
}

/**
 * Create or edit an ad, with its live preview at 587x226 beside the fields. The server validates
 * (lib/ads/schemas.ts) and its field errors are shown under the fields.
 */
export function AdForm({ ad }: { ad?: AdView }) {
  const router = useRouter();
  const toast = useToast();
  const [v, setV] = useState<FormValues>({
    name: ad?.name ?? '',
    advertiser: ad?.advertiser ?? '',
    headline: ad?.headline ?? '',
    target_url: ad?.target_url ?? 'https://',
    placements: ad?.placements ?? ['members_home'],
    audience: ad?.audience ?? 'drivers',
    states: ad?.states ?? [],
    starts_at: ad ? dayOf(ad.starts_at) : today(),
    ends_at: dayOf(ad?.ends_at),
    weight: String(ad?.weight ?? 1),
    status: ad?.status ?? 'draft',
  });
  // The statuses the ad may take from its stored one (STATUS_TRANSITIONS; the server checks too).
  const statusOptions = ad ? AD_STATUSES.filter((s) => s.value === ad.status || STATUS_TRANSITIONS[ad.status].includes(s.value)) : AD_STATUSES;
  const kept = (field: 'starts_at' | 'ends_at') => (ad && v[field] === dayOf(ad[field]) ? timeOf(ad[field]) : null);
  const [media, setMediaState] = useState<AdMedia>(ad?.media_id && ad.media_url && ad.media_type ? { id: ad.media_id, url: ad.media_url, type: ad.media_type } : null);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const clearError = (field: string) =>
    setErrors((e) => {
      const gone = [field, ...(CLEARS[field] ?? [])];
      if (!gone.some((f) => f in e)) return e;
      return Object.fromEntries(Object.entries(e).filter(([f]) => !gone.includes(f)));
    });
  const unsaved = useUnsavedUploads();
  const setMedia = (next: AdMedia) => {
    unsaved.replaced(media?.id, next?.id);
    setMediaState(next);
    clearError('media_id');
  };
  const form = useRef<HTMLFormElement>(null);
  // Counted per refused save: errors also change as fields are fixed, and the focus must not jump
  // to the next problem while the user types.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals) revealFirstProblem(form.current);
  }, [refusals]);
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // A reload or a closed tab asks before typed fields or uploaded media are lost.
  const [openedWith] = useState(() => JSON.stringify([v, media]));
  useLeaveWarning(!saving && JSON.stringify([v, media]) !== openedWith);
  const set = <K extends keyof typeof v>(k: K) => (value: (typeof v)[K]) => {
    setV((s) => ({ ...s, [k]: value }));
    clearError(k);
  };
  const toggle = (list: string[], item: string) => (list.includes(item) ? list.filter((i) => i !== item) : [...list, item]);

  const save = async (status: AdStatus) => {
    if (uploading) return;
    setSaving(true);
    setErrors({});
    const body = adFormBody(v, media, status, ad);
    try {
      // If-Match: the version the form opened, so a save over one made elsewhere since (another tab or
      // person, a pause from the grid, the tick ending it) is refused with 412, what was typed kept.
      if (ad) await api(`/ads/${ad.id}`, { method: 'PATCH', body, headers: ad.updated_at ? { 'if-match': `"${ad.updated_at}"` } : undefined });
      else await api('/ads', { method: 'POST', body });
      // The ad shows its media now: leaving must not remove it.
      unsaved.saved();
      toast.show('success', ad ? 'Ad saved' : status === 'active' ? 'Ad created and active' : 'Ad saved as a draft');
      router.push('/ads/manage');
      router.refresh();
    } catch (e) {
      if (e instanceof ApiError && e.errors.length) setErrors(Object.fromEntries(e.errors.map((x) => [x.field ?? '_', x.message])));
      else setErrors({ _: errorMessage(e) });
      setRefusals((n) => n + 1);
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!ad) return;
    setSaving(true);
    try {
      await api(`/ads/${ad.id}`, { method: 'DELETE' });
      toast.show('success', 'Ad deleted');
      router.push('/ads/manage');
      router.refresh();
    } catch (e) {
      toast.show('error', errorMessage(e));
      setSaving(false);
      setConfirmDelete(false);
    }
  };

  const waitProps = uploading ? { disabled: true, 'aria-describedby': 'ad-save-wait' } : { 'aria-describedby': undefined };
  return (
    <form
      ref={form}
      className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,587px)]"
      onSubmit={(e) => {
        e.preventDefault();
        void save(v.status);
      }}
      noValidate
    >
      <div className="flex flex-col gap-4">
        {errors._ && (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            {errors._}
          </p>
        )}
        <Text label="Name" name="name" value={v.name} onChange={set('name')} error={errors.name} hint="For you; viewers do not see it." maxLength={120} />
        <Text label="Advertiser" name="advertiser" value={v.advertiser} onChange={set('advertiser')} error={errors.advertiser} maxLength={120} />
        <Text label="Headline" name="headline" value={v.headline} onChange={set('headline')} error={errors.headline} maxLength={90} />
        <Text label="Target URL" name="target_url" type="url" inputMode="url" value={v.target_url} onChange={set('target_url')} error={errors.target_url} hint="Where a click goes (http or https)." />
        <MediaField value={media} onChange={setMedia} onUploadingChange={setUploading} error={errors.media_id} />
        <fieldset className="flex flex-col gap-2 text-sm">
          <legend className="mb-1 font-medium text-slate-800">Placements</legend>
          {AD_PLACEMENTS.map((p) => (
            <label key={p.value} className="flex items-center gap-2">
              <input type="checkbox" checked={v.placements.includes(p.value)} onChange={() => set('placements')(toggle(v.placements, p.value))} />
              {p.label}
              <span className="text-xs text-slate-500">· seen by {labelFor(AD_AUDIENCES, p.audience).toLowerCase()}</span>
            </label>
          ))}
          {errors.placements ? (
            <span role="alert" className="text-xs text-red-600">
              {errors.placements}
            </span>
          ) : v.placements.length > 0 && !reachesAudience(v.audience, v.placements) ? (
            // Said before saving too: the server refuses it (422 on placements) with the same words.
            <span className="text-xs text-amber-800" data-testid="placements-hint">
              {placementsMessage(v.audience)}
            </span>
          ) : null}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium text-slate-800">Audience</span>
            <select name="audience" value={v.audience} onChange={(e) => set('audience')(e.target.value as AdAudience)} aria-invalid={errors.audience ? true : undefined} className={input}>
              {AD_AUDIENCES.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </select>
            {errors.audience && (
              <span role="alert" className="text-xs text-red-600">
                {errors.audience}
              </span>
            )}
          </label>
          <Text label="Weight" name="weight" type="number" min={AD_WEIGHT_MIN} max={AD_WEIGHT_MAX} value={v.weight} onChange={set('weight')} error={errors.weight} hint="Heavier ads are shown more often (1–100)." />
        </div>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium text-slate-800">States (none: everywhere)</span>
          <select name="states" multiple value={v.states} onChange={(e) => set('states')([...e.target.selectedOptions].map((o) => o.value))} className={`${input} h-28`}>
            {US_STATES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          {errors.states && <span role="alert" className="text-xs text-red-600">{errors.states}</span>}
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <Text label="Starts" name="starts_at" type="date" value={v.starts_at} onChange={set('starts_at')} error={errors.starts_at} hint={kept('starts_at') ? `Keeps its time, ${kept('starts_at')}, unless you change the day (a day alone means 00:00 UTC).` : undefined} />
          <Text label="Ends (optional)" name="ends_at" type="date" value={v.ends_at} onChange={set('ends_at')} error={errors.ends_at} hint={kept('ends_at') ? `Keeps its time, ${kept('ends_at')}, unless you change the day (a day alone means 00:00 UTC).` : undefined} />
        </div>
        {ad && (
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium text-slate-800">Status</span>
            <select name="status" value={v.status} onChange={(e) => set('status')(e.target.value as AdStatus)} className={input}>
              {statusOptions.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
            {errors.status && <span role="alert" className="text-xs text-red-600">{errors.status}</span>}
          </label>
        )}
        <div className="flex flex-wrap gap-3 pt-2">
          {ad ? (
            <>
              <Button type="submit" loading={saving} {...waitProps}>
                Save
              </Button>
              <Button variant="danger" onClick={() => setConfirmDelete(true)} disabled={saving}>
                Delete ad
              </Button>
            </>
          ) : (
            <>
              <Button onClick={() => void save('active')} loading={saving} {...waitProps}>
                Save and activate
              </Button>
              <Button variant="secondary" onClick={() => void save('draft')} disabled={saving || uploading} aria-describedby={waitProps['aria-describedby']}>
                Save as draft
              </Button>
            </>
          )}
        </div>
        {uploading && (
          <p id="ad-save-wait" className="text-xs text-slate-600" data-testid="save-wait">
            {WAIT_FOR_UPLOAD}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <h2 className="text-sm font-semibold text-slate-700">Preview</h2>
        <div className="w-full max-w-[587px]" data-testid="ad-preview">
          <AdCreative headline={v.headline} advertiser={v.advertiser} mediaType={media?.type ?? null} mediaUrl={media?.url ?? null} />
        </div>
        <p className="text-xs text-slate-500">Shown at 587 × 226 on wide screens; narrower screens scale it down.</p>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this ad?"
        description="The ad, its counts and its media are removed. This cannot be undone."
        confirmLabel="Delete"
        cancelLabel="Cancel"
        tone="danger"
        loading={saving}
        onConfirm={remove}
      />
    </form>
  );
}
