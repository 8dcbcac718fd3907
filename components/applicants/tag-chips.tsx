'use client';

import { useState } from 'react';
import { clsx } from 'clsx';
import type { ApplicantTag } from '@/lib/applications/serialize';
import { useAddTag, useRemoveTag } from '@/lib/applications/hooks';
import { FIELD_FOCUS } from './stage-select';

/** An applicant's tags as chips, each removable, and an input to add one (existing company tags are suggested). Its controls are 40 px tall on a phone. */
export function TagChips({
  jobId,
  companyId,
  applicantId,
  name,
  tags,
  className,
}: {
  jobId: number;
  /** The job's company: its tags are the ones an applicant of the job takes. */
  companyId: number;
  applicantId: number;
  name: string;
  tags: ApplicantTag[];
  className?: string;
}) {
  const [adding, setAdding] = useState(false);
  const [text, setText] = useState('');
  const add = useAddTag(jobId, companyId);
  const remove = useRemoveTag(jobId);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const tag = text.trim();
    if (!tag) return setAdding(false);
    add.mutate({ applicantId, tag }, { onSuccess: () => (setText(''), setAdding(false)) });
  };
  return (
    <div className={clsx('flex flex-wrap items-center gap-1.5', className)} data-testid="tag-chips">
      {tags.map((t) => (
        <span key={t.id} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pl-2.5 pr-1 text-xs font-medium text-brand-800 ring-1 ring-inset ring-brand-600/20 max-sm:py-0 max-sm:pr-0">
          {/* A long tag wraps anywhere: it does not widen the grid's Tags column. */}
          <span className="min-w-0 [overflow-wrap:anywhere]">{t.tag}</span>
          <button
            type="button"
            aria-label={`Remove tag ${t.tag} from ${name}`}
            className="rounded-full px-1 text-brand-500 hover:bg-brand-100 hover:text-brand-800 max-sm:inline-flex max-sm:min-h-10 max-sm:min-w-10 max-sm:items-center max-sm:justify-center max-sm:text-base"
            onClick={() => remove.mutate({ applicantId, tagId: t.id })}
          >
            ×
          </button>
        </span>
      ))}
      {adding ? (
        // Wraps (the Add button under the field) rather than widening the grid's Tags column.
        <form onSubmit={submit} className="flex flex-wrap items-center gap-1">
          <input
            autoFocus
            list="company-tags"
            aria-label={`New tag for ${name}`}
            maxLength={50}
            className={`h-10 w-32 rounded-md border border-slate-300 px-2 text-xs focus:border-brand-500 sm:h-7 sm:w-24 ${FIELD_FOCUS}`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              // Escape leaves the tag field, not the whole panel around it.
              if (e.key !== 'Escape') return;
              e.stopPropagation();
              setAdding(false);
            }}
          />
          <button type="submit" className="min-h-10 rounded-md bg-brand-600 px-3 py-1 text-xs font-medium text-white sm:min-h-0 sm:px-2" disabled={add.isPending}>
            Add
          </button>
        </form>
      ) : (
        <button
          type="button"
          aria-label={`Add a tag to ${name}`}
          className="min-h-10 whitespace-nowrap rounded-full border border-dashed border-slate-300 px-3 py-0.5 text-xs text-slate-500 hover:border-brand-400 hover:text-brand-700 sm:min-h-0 sm:px-2"
          onClick={() => setAdding(true)}
        >
          + Tag
        </button>
      )}
      {(add.error || remove.error) && <span className="text-xs text-red-600">{(add.error ?? remove.error)?.message}</span>}
    </div>
  );
}
