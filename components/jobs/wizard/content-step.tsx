'use client';

import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLeaveWarning } from '@/lib/browser/leave-warning';
import { lazyZodResolver } from '@/lib/forms/lazy-resolver';
import { serverRenderedFields } from '@/lib/forms/server-rendered-fields';
import { LazyRichTextEditor } from '@/components/editor/lazy-editor';
import { Button } from '@/components/ui/button';
import { BENEFITS, DEFAULT_SALARY_TYPE, ENDORSEMENTS, EXPERIENCE, HOME_TIME, JOB_TYPES, SALARY_TYPES } from '@/lib/jobs/codes';
import type { JobContentValues } from '@/lib/jobs/draft';
import { JOB_TITLE_MAX } from '@/lib/jobs/title';
import { CheckboxGroup, LinkButton, MoneyField, SelectField, Section, TextField } from '../controls';
import type { FlowMode } from './flow';
import { VideoField } from './video-field';
import { WizardFooter } from './wizard-frame';

export const EMPTY_CONTENT: JobContentValues = {
  title: '',
  job_type: '' as JobContentValues['job_type'],
  additional_experience: '',
  home_time: '' as JobContentValues['home_time'],
  required_experience: '' as JobContentValues['required_experience'],
  job_description: '',
  driver_unload: false,
  expected_pay: '',
  salary_type: DEFAULT_SALARY_TYPE,
  signon_bonus: '',
  starting_bonus: '',
  benefits: [],
  endorsements: [],
  video_url: '',
};

type Props = {
  mode: FlowMode;
  initial: JobContentValues | null;
  saving: boolean;
  cancelHref: string;
  onSubmit: (values: JobContentValues) => Promise<void> | void;
  /** Called (debounced) while the user types, so a reload keeps the work. */
  onDraftChange?: (values: JobContentValues) => void;
  /** The video upload's outcome for the draft's `multimediaUploadFailed` flag (new and duplicate flows). */
  onVideoUpload?: (failed: boolean) => void;
};

const DRAFT_SAVE_DELAY_MS = 400;

/** The API's schema, fetched on the first validation (keeps zod out of first-load JS). */
const contentResolver = lazyZodResolver<JobContentValues>(() => import('./validation').then((m) => m.jobContentFormSchema));

/** Step 1: what the job is, what it pays, who it is for (jobs spec §3 Job detail, §5 rules). */
export function ContentStep({ mode, initial, saving, cancelHref, onSubmit, onDraftChange, onVideoUpload }: Props) {
  const [defaults] = useState(() => ({ ...EMPTY_CONTENT, ...initial }));
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    subscribe,
    formState: { errors, isDirty },
  } = useForm<JobContentValues>({
    resolver: contentResolver,
    defaultValues: defaults,
    mode: 'onTouched',
  });
  // The server's HTML shows the job's values, and what is typed before hydration stays.
  const field = serverRenderedFields(register, setValue, defaults);

  // A new or copied job is kept as a draft on this device as it is typed; an edit of a saved job is
  // not, so a reload or a closed tab asks before the changes are lost.
  useLeaveWarning(mode === 'edit' && isDirty && !saving);

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (!onDraftChange) return;
    const unsubscribe = subscribe({
      formState: { values: true },
      callback: () => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => onDraftChange(getValues()), DRAFT_SAVE_DELAY_MS);
      },
    });
    return () => {
      unsubscribe();
      clearTimeout(timer.current);
    };
  }, [subscribe, getValues, onDraftChange]);

  const submit = handleSubmit(
    // The raw values (amounts as typed) go to the draft; the server parses them with the same schema.
    async () => onSubmit(getValues()),
    () => {
      // Bring the first message into view (the editor and checkbox groups are not plain inputs).
      requestAnimationFrame(() => document.querySelector('[aria-invalid="true"]')?.scrollIntoView({ block: 'center', behavior: 'smooth' }));
    },
  );

  const msg = (name: keyof JobContentValues) => errors[name]?.message as string | undefined;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <Section title="Job details" description="The basics drivers see first in search results.">
        <TextField label="Job title" placeholder="e.g. Regional CDL-A Driver, home weekly" maxLength={JOB_TITLE_MAX} {...field('title')} error={msg('title')} />
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <SelectField label="Job type" placeholder="Choose a job type" options={JOB_TYPES} {...field('job_type')} error={msg('job_type')} />
          <SelectField label="Home time" placeholder="Choose home time" options={HOME_TIME} {...field('home_time')} error={msg('home_time')} />
          <SelectField
            label="Required experience"
            placeholder="Choose experience"
            options={EXPERIENCE}
            {...field('required_experience')}
            error={msg('required_experience')}
          />
          <TextField
            label="Additional experience"
            optional
            placeholder="e.g. Clean MVR, tanker experience a plus"
            maxLength={2000}
            {...field('additional_experience')}
            error={msg('additional_experience')}
          />
        </div>
      </Section>

      <Section title="Job description" description="Routes, equipment, schedule, requirements: what a driver needs to know before applying.">
        <Controller
          control={control}
          name="job_description"
          render={({ field, fieldState }) => (
            <div className="flex flex-col gap-1">
              <span id="job-description-label" className="sr-only">
                Job description
              </span>
              <LazyRichTextEditor
                value={typeof field.value === 'string' ? field.value : JSON.stringify(field.value ?? '')}
                onChange={(json) => field.onChange(json)}
                onBlur={field.onBlur}
                aria-labelledby="job-description-label"
                aria-describedby={fieldState.error ? 'job-description-error' : undefined}
                invalid={!!fieldState.error}
                placeholder="Describe the job, the routes and what you offer…"
              />
              {fieldState.error && (
                <p id="job-description-error" role="alert" className="text-xs text-red-600">
                  {fieldState.error.message}
                </p>
              )}
            </div>
          )}
        />
      </Section>

      <Section title="Pay" description="Postings that show pay get more applicants.">
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <MoneyField label="Expected pay" {...field('expected_pay' as never)} error={msg('expected_pay')} />
          <SelectField label="Salary type" options={SALARY_TYPES} {...field('salary_type')} error={msg('salary_type')} />
          <MoneyField label="Sign-on bonus" optional {...field('signon_bonus' as never)} error={msg('signon_bonus')} hint="Leave empty for none." />
          <MoneyField label="Starting bonus" optional {...field('starting_bonus' as never)} error={msg('starting_bonus')} hint="Leave empty for none." />
        </div>
      </Section>

      <Section title="Requirements and benefits">
        <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-3 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
          <input type="checkbox" className="mt-0.5 size-4 accent-brand-600" {...field('driver_unload')} />
          <span>
            <span className="font-medium text-slate-800">Drive and unload</span>
            <span className="block text-slate-600">The driver loads or unloads the freight (otherwise no-touch freight).</span>
          </span>
        </label>
        <Controller
          control={control}
          name="endorsements"
          render={({ field }) => (
            <CheckboxGroup legend="Endorsements" columns={4} options={ENDORSEMENTS} value={(field.value as string[]) ?? []} onChange={field.onChange} />
          )}
        />
        <Controller
          control={control}
          name="benefits"
          render={({ field }) => <CheckboxGroup legend="Benefits" columns={4} options={BENEFITS} value={(field.value as string[]) ?? []} onChange={field.onChange} />}
        />
      </Section>

      <Section title="Video" description="Optional: a link or an mp4/webm file.">
        <Controller
          control={control}
          name="video_url"
          render={({ field, fieldState }) => (
            <VideoField
              value={(field.value as string) ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              onUploadResult={onVideoUpload}
            />
          )}
        />
      </Section>

      <WizardFooter>
        <LinkButton href={cancelHref} variant="secondary">
          Cancel
        </LinkButton>
        <Button type="submit" loading={saving}>
          {mode === 'edit' ? 'Save changes' : 'Continue'}
        </Button>
      </WizardFooter>
    </form>
  );
}
