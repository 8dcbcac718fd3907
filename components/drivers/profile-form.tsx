'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Alert } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { api, ApiError, errorMessage } from '@/lib/api/client';
import { formatPhoneMask } from '@/lib/auth/phone';
import { CDL_STATUSES } from '@/lib/drivers/codes';
import type { DriverProfile } from '@/lib/drivers/profile';
import { ENDORSEMENTS, EXPERIENCE, HOME_TIME, JOB_TYPES } from '@/lib/jobs/codes';

export const PROFILE_SAVED = 'Your profile has been saved.';

type Errors = Partial<Record<string, string>>;

const inputCls = 'rounded-lg border bg-white px-3 py-2.5 text-sm shadow-sm outline-none transition focus:ring-2 border-slate-300 focus:border-brand-500 focus:ring-brand-100';

/** The form's values as the PATCH body: '' clears an answer, numbers are numbers. */
function bodyOf(form: FormData) {
  const text = (k: string) => String(form.get(k) ?? '').trim();
  const num = (k: string) => (text(k) === '' ? null : Number(text(k)));
  return {
    first_name: text('first_name'),
    last_name: text('last_name'),
    phone: text('phone') || null,
    cdl_status: text('cdl_status') || null,
    endorsements: form.getAll('endorsements').map(String),
    years_of_experience: num('years_of_experience'),
    experience: text('experience') || null,
    work_experiences: form.getAll('work_experiences').map(String),
    owner_operator: form.get('owner_operator') === 'on',
    home_time: text('home_time') || null,
    zip_code: text('zip_code') || null,
    travel_distance: num('travel_distance'),
    birth_date: text('birth_date') || null,
  };
}

function Select({ label, name, value, options, error }: { label: string; name: string; value: string | null; options: readonly { value: string; label: string }[]; error?: string }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      <select name={name} defaultValue={value ?? ''} className={inputCls} aria-invalid={error ? true : undefined}>
        <option value="">Not answered</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <span role="alert" className="text-xs font-normal text-red-600">
          {error}
        </span>
      )}
    </label>
  );
}

function Checkboxes({ legend, name, chosen, options, error }: { legend: string; name: string; chosen: readonly string[]; options: readonly { value: string; label: string }[]; error?: string }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="grid grid-cols-1 gap-2 min-[380px]:grid-cols-2 sm:grid-cols-3">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" name={name} value={o.value} defaultChecked={chosen.includes(o.value)} className="size-4 rounded border-slate-300 accent-brand-600" />
            {o.label}
          </label>
        ))}
      </div>
      {error && (
        <span role="alert" className="text-xs text-red-600">
          {error}
        </span>
      )}
    </fieldset>
  );
}

/** The driver's profile (names, phone, CDL, experience, home and what they look for), saved with PATCH /members/me. */
export function DriverProfileForm({ profile }: { profile: DriverProfile }) {
  const router = useRouter();
  const toast = useToast();
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [phone, setPhone] = useState(profile.phone ? formatPhoneMask(profile.phone) : '');
  const [current, setCurrent] = useState(profile);

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      // The version this form shows: a save over one made in another tab is refused, not merged silently.
      const headers = current.updated_at ? { 'if-match': `"${current.updated_at}"` } : undefined;
      const { data } = await api<DriverProfile>('/members/me', { method: 'PATCH', body: bodyOf(new FormData(e.currentTarget)), headers });
      setCurrent(data);
      toast.show('success', PROFILE_SAVED);
      router.refresh();
    } catch (error) {
      if (error instanceof ApiError) {
        const byField: Errors = {};
        for (const item of error.errors) if (item.field) byField[item.field.split('.')[0]] ??= item.message;
        setErrors(byField);
        if (!Object.keys(byField).length) setFailure(errorMessage(error));
        else setFailure('Please correct the highlighted fields.');
      } else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const { percent, missing } = current.profile_completeness;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-label="Driver profile">
      <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium text-slate-700">Profile completeness</span>
          <span className="font-semibold text-brand-700" data-testid="profile-percent">
            {percent}%
          </span>
        </div>
        <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label="Profile completeness" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
        </div>
        {missing.length > 0 && <p className="mt-2 text-xs text-slate-500">Still missing: {missing.join(', ')}.</p>}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" name="first_name" autoComplete="given-name" defaultValue={profile.first_name} error={errors.first_name} />
        <Field label="Last name" name="last_name" autoComplete="family-name" defaultValue={profile.last_name} error={errors.last_name} />
        <Field
          label="Phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(999)999-9999"
          value={phone}
          onChange={(e) => setPhone(formatPhoneMask(e.target.value))}
          error={errors.phone}
        />
        <Field label="Birth date (optional)" name="birth_date" type="date" defaultValue={profile.birth_date ?? ''} error={errors.birth_date} />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="CDL status" name="cdl_status" value={profile.cdl_status} options={CDL_STATUSES} error={errors.cdl_status} />
        <Select label="Experience" name="experience" value={profile.experience} options={EXPERIENCE} error={errors.experience} />
        <Field
          label="Years of experience"
          name="years_of_experience"
          type="number"
          min={0}
          max={60}
          inputMode="numeric"
          defaultValue={profile.years_of_experience ?? ''}
          error={errors.years_of_experience}
        />
        <Select label="Preferred home time" name="home_time" value={profile.home_time} options={HOME_TIME} error={errors.home_time} />
      </div>

      <Checkboxes legend="Endorsements" name="endorsements" chosen={profile.endorsements} options={ENDORSEMENTS} error={errors.endorsements} />
      <Checkboxes legend="Work experience (job types you have driven)" name="work_experiences" chosen={profile.work_experiences} options={JOB_TYPES} error={errors.work_experiences} />

      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name="owner_operator" defaultChecked={profile.owner_operator} className="size-4 rounded border-slate-300 accent-brand-600" />
        I am an owner-operator
      </label>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Home ZIP code"
          name="zip_code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          defaultValue={profile.zip_code ?? ''}
          error={errors.zip_code}
          hint={current.city ? `${current.city}, ${current.state}` : 'We measure distances to jobs from here.'}
        />
        <Field
          label="How far will you travel? (miles)"
          name="travel_distance"
          type="number"
          min={1}
          max={3000}
          inputMode="numeric"
          defaultValue={profile.travel_distance ?? ''}
          error={errors.travel_distance}
        />
      </div>

      {failure && <Alert type="error">{failure}</Alert>}
      <div>
        <Button type="submit" loading={busy}>
          Save profile
        </Button>
      </div>
    </form>
  );
}
