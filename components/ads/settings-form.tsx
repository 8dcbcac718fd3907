'use client';

import { useState } from 'react';
import { ApiError, api, errorMessage } from '@/lib/api/client';
import { AD_PLACEMENTS, HOME_ROTATION_ORDERS, SETTINGS_BOUNDS } from '@/lib/ads/codes';
import type { AdSettingsView } from '@/lib/ads/settings-types';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';

const input = 'w-40 rounded-lg border border-slate-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-400';

function NumberField({ label, hint, name, value, onChange, error, bounds }: { label: string; hint: string; name: string; value: string; onChange: (v: string) => void; error?: string; bounds: { min: number; max: number } }) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium text-slate-800">{label}</span>
      <input type="number" name={name} min={bounds.min} max={bounds.max} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} className={input} />
      <span className="text-xs text-slate-500">{hint}</span>
      {error && (
        <span role="alert" className="text-xs text-red-600">
          {error}
        </span>
      )}
    </label>
  );
}

/** /ads/settings (placements, ads per page, repeats) and /ads/settings/home (the home's rotation): one PATCH each. */
export function AdSettingsForm({ initial, part }: { initial: AdSettingsView; part: 'general' | 'home' }) {
  const toast = useToast();
  const [v, setV] = useState({
    enabled_placements: initial.enabled_placements as string[],
    ads_per_page: String(initial.ads_per_page),
    max_daily_views_per_viewer: String(initial.max_daily_views_per_viewer),
    home_ads_count: String(initial.home_ads_count),
    home_rotation_seconds: String(initial.home_rotation_seconds),
    home_rotation_order: initial.home_rotation_order as string,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (k: keyof typeof v) => (value: string) => setV((s) => ({ ...s, [k]: value }));

  const save = async () => {
    setSaving(true);
    setErrors({});
    const body =
      part === 'general'
        ? { enabled_placements: v.enabled_placements, ads_per_page: Number(v.ads_per_page), max_daily_views_per_viewer: Number(v.max_daily_views_per_viewer) }
        : { home_ads_count: Number(v.home_ads_count), home_rotation_seconds: Number(v.home_rotation_seconds), home_rotation_order: v.home_rotation_order };
    try {
      await api('/ads/settings', { method: 'PATCH', body });
      toast.show('success', 'Settings saved');
    } catch (e) {
      if (e instanceof ApiError && e.errors.length) setErrors(Object.fromEntries(e.errors.map((x) => [x.field ?? '_', x.message])));
      else toast.show('error', errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="flex max-w-xl flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      noValidate
    >
      {part === 'general' ? (
        <>
          <fieldset className="flex flex-col gap-2 text-sm">
            <legend className="mb-1 font-medium text-slate-800">Placements that show ads</legend>
            {AD_PLACEMENTS.map((p) => (
              <label key={p.value} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={v.enabled_placements.includes(p.value)}
                  onChange={() => setV((s) => ({ ...s, enabled_placements: s.enabled_placements.includes(p.value) ? s.enabled_placements.filter((x) => x !== p.value) : [...s.enabled_placements, p.value] }))}
                />
                {p.label}
              </label>
            ))}
          </fieldset>
          <NumberField label="Ads per page" name="ads_per_page" hint="How many ads one placement shows on a page (news feed, job search, Company Portal job detail)." value={v.ads_per_page} onChange={set('ads_per_page')} error={errors.ads_per_page} bounds={SETTINGS_BOUNDS.adsPerPage} />
          <NumberField label="Times a viewer may see the same ad per day" name="max_daily_views_per_viewer" hint="0: no limit." value={v.max_daily_views_per_viewer} onChange={set('max_daily_views_per_viewer')} error={errors.max_daily_views_per_viewer} bounds={SETTINGS_BOUNDS.maxDailyViewsPerViewer} />
        </>
      ) : (
        <>
          <NumberField label="Ads in the home rotation" name="home_ads_count" hint="How many ads take turns on the Drivers Portal home." value={v.home_ads_count} onChange={set('home_ads_count')} error={errors.home_ads_count} bounds={SETTINGS_BOUNDS.homeAdsCount} />
          <NumberField label="Seconds per ad" name="home_rotation_seconds" hint="0: no automatic rotation (viewers can still switch)." value={v.home_rotation_seconds} onChange={set('home_rotation_seconds')} error={errors.home_rotation_seconds} bounds={SETTINGS_BOUNDS.homeRotationSeconds} />
          <fieldset className="flex flex-col gap-2 text-sm">
            <legend className="mb-1 font-medium text-slate-800">Order</legend>
            {HOME_ROTATION_ORDERS.map((o) => (
              <label key={o.value} className="flex items-center gap-2">
                <input type="radio" name="home_rotation_order" value={o.value} checked={v.home_rotation_order === o.value} onChange={() => set('home_rotation_order')(o.value)} />
                {o.label}
              </label>
            ))}
          </fieldset>
        </>
      )}
      <div>
        <Button type="submit" loading={saving}>
          Save settings
        </Button>
      </div>
    </form>
  );
}
