'use client';

import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { useAddNote, useApplicantDetail, useOlderNotes, type ApplicantNote } from '@/lib/applications/hooks';
import { Spinner } from '@/components/ui/states';
import { formatDate } from '@/components/jobs/format';
import { portalDateTimeText } from '@/lib/validation/portal-date';
import { MatchFactors } from '@/components/drivers/match-factors';
import { FIELD_FOCUS, StageSelect } from './stage-select';
import { TagChips } from './tag-chips';
import { phoneText } from '@/lib/auth/phone';
import { useReturnFocus } from '@/components/ui/use-return-focus';

/** A moment of the stage history, in the portal's zone as every other date here (formatDate), not the browser's. */
// As the outbox and the audit log write a moment: '11/27/2026, 3:04 PM EST'.
const when = (iso: string) => portalDateTimeText(new Date(iso));

/** The applicant slide-over: full profile, stage with its history, tags and the company's private notes. */
export function ApplicantPanel({ jobId, companyId, applicantId, onClose }: { jobId: number; companyId: number; applicantId: number | null; onClose: () => void }) {
  // Closed, the focus goes back to what opened the panel: the applicant's name or the match button
  // (it went to the top of the page, then always to the name). When that control is gone (the table
  // was drawn again meanwhile: another page, another filter), to the last applicant's name if shown.
  const returnFocus = useReturnFocus(applicantId != null);
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (applicantId != null) shown.current = applicantId;
  }, [applicantId]);
  const { data: a, isLoading, error } = useApplicantDetail(jobId, applicantId);
  const name = a ? `${a.firstName} ${a.lastName}` : 'Applicant';
  return (
    <RadixDialog.Root open={applicantId != null} onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <RadixDialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-lg flex-col overflow-y-auto bg-white shadow-2xl focus:outline-none"
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            returnFocus(e);
            if (e.defaultPrevented) return;
            const name = document.querySelector<HTMLElement>(`[data-opens-applicant="${shown.current}"]`);
            if (!name) return;
            e.preventDefault();
            name.focus();
          }}
        >
          {/* Sticky: the focus trap moves focus without scrolling, so Tab past the last field reached a Close scrolled out of sight. */}
          <div className="sticky top-0 z-10 flex items-start justify-between gap-3 border-b border-slate-200 bg-white px-6 py-4">
            <div>
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">{name}</RadixDialog.Title>
              {a && <p className="text-sm text-slate-500">Applied {formatDate(a.applicationAt)}</p>}
            </div>
            <RadixDialog.Close aria-label="Close" className="rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700">
              ✕
            </RadixDialog.Close>
          </div>
          {isLoading && (
            <div className="p-6">
              <Spinner />
            </div>
          )}
          {error && <p className="p-6 text-sm text-red-700">{error.message}</p>}
          {a && (
            <div className="flex min-w-0 flex-col gap-6 px-6 py-5 text-sm [overflow-wrap:anywhere]">
              <section className="flex flex-wrap items-center gap-3">
                <StageSelect jobId={jobId} applicantId={a.id} name={name} stage={a.stage} />
                <TagChips jobId={jobId} companyId={companyId} applicantId={a.id} name={name} tags={a.tags} />
              </section>
              <section>
                <h3 className="mb-2 font-semibold text-slate-900">Profile</h3>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
                  {(
                    [
                      ['Email', a.email],
                      ['Phone', phoneText(a.phone)],
                      ['CDL', a.cdlStatus],
                      ['Endorsements', a.endorsements],
                      ['Years of experience', a.yearsOfExperience],
                      ['Work experiences', a.workExperiences],
                      ['Owner operator', a.ownerOperator],
                      ['Distance', a.distance],
                      ['Within range', a.withinRange],
                      ['Street', [a.street1, a.street2].filter((s) => s !== 'n/a').join(', ') || 'n/a'],
                      ['City', a.city],
                      ['State', a.state],
                      ['ZIP code', a.zipCode],
                      ['Birth date', a.birthDate === 'n/a' ? 'n/a' : formatDate(a.birthDate)],
                    ] as const
                  ).map(([label, value]) => (
                    <div key={label}>
                      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
                      <dd className="text-slate-900">{value}</dd>
                    </div>
                  ))}
                </dl>
                {a.message && <p className="mt-3 rounded-lg bg-slate-50 p-3 text-slate-700">“{a.message}”</p>}
              </section>
              {a.match ? (
                <MatchFactors match={a.match} details={a.match.details} title="Match with this job" />
              ) : (
                <p className="text-slate-600">No driver profile yet, so there is no match to show.</p>
              )}
              <section>
                <h3 className="mb-2 font-semibold text-slate-900">Stage history</h3>
                <ol className="flex flex-col gap-1" data-testid="stage-history">
                  {a.stageHistory.map((h, i) => (
                    <li key={i} className="flex justify-between gap-3">
                      <span className="text-slate-800">{h.label}</span>
                      <span className="text-slate-500">
                        {when(h.at)}
                        {h.by ? ` · ${h.by}` : ''}
                      </span>
                    </li>
                  ))}
                </ol>
              </section>
              <Notes jobId={jobId} applicantId={a.id} notes={a.notes} total={a.notesTotal} totalIsLowerBound={a.notesTotalIsLowerBound ?? false} />
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * The company's private notes: the detail's newest ones, then older ones a page at a time ("Show
 * older notes", from the notes listing), appended in order (newest first). The button goes when all
 * are shown; the focus then goes to the first of the last notes loaded rather than to the page.
 */
function Notes({ jobId, applicantId, notes, total, totalIsLowerBound }: { jobId: number; applicantId: number; notes: ApplicantNote[]; total: number; totalIsLowerBound: boolean }) {
  const [body, setBody] = useState('');
  const add = useAddNote(jobId);
  const [wantOlder, setWantOlder] = useState(false);
  const older = useOlderNotes(jobId, applicantId, notes.length, wantOlder);
  // A note added meanwhile moves the pages by one: the same note is never listed twice.
  const ids = new Set(notes.map((n) => n.id));
  const olderNotes: ApplicantNote[] = [];
  for (const n of wantOlder ? (older.data?.pages.flatMap((p) => p.notes) ?? []) : []) {
    if (ids.has(n.id)) continue;
    ids.add(n.id);
    olderNotes.push(n);
  }
  const last = older.data?.pages.at(-1);
  const knownTotal = last?.total ?? total;
  const lowerBound = last?.totalIsLowerBound ?? totalIsLowerBound;
  const shown = notes.length + olderNotes.length;
  const more = older.data ? older.hasNextPage : shown < knownTotal || lowerBound;
  const remaining = Math.max(knownTotal - shown, 0);
  const loading = older.isFetching && (older.isFetchingNextPage || !older.data);
  const failed = !loading && older.error;

  // When the last page is in, the button goes: the focus goes to the first note it brought.
  const focusNote = useRef<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const firstOfLastPage = last?.notes[0]?.id;
  useEffect(() => {
    if (focusNote.current == null || more || loading || firstOfLastPage == null) return;
    focusNote.current = null;
    list.current?.querySelector<HTMLElement>(`[data-note-id="${firstOfLastPage}"]`)?.focus();
  }, [more, loading, firstOfLastPage]);

  const showOlder = () => {
    if (loading) return;
    focusNote.current = 1;
    if (!wantOlder) setWantOlder(true);
    else if (!older.data) void older.refetch();
    else void older.fetchNextPage();
  };
  return (
    <section>
      <h3 className="mb-1 font-semibold text-slate-900">Private notes</h3>
      <p className="mb-2 text-xs text-slate-500">Only your company sees these; the driver never does.</p>
      <form
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (body.trim()) add.mutate({ applicantId, body }, { onSuccess: () => setBody('') });
        }}
      >
        <textarea
          aria-label="New note"
          maxLength={2000}
          rows={3}
          className={`rounded-lg border border-slate-300 p-2 focus:border-brand-500 ${FIELD_FOCUS}`}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
        <div className="flex items-center justify-between">
          {add.error ? <span className="text-xs text-red-600">{add.error.message}</span> : <span />}
          <button type="submit" className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50" disabled={add.isPending || !body.trim()}>
            Add note
          </button>
        </div>
      </form>
      <ul ref={list} className="mt-3 flex flex-col gap-3" data-testid="notes" aria-busy={loading || undefined}>
        {[...notes, ...olderNotes].map((n) => (
          <li key={n.id} data-note-id={n.id} tabIndex={-1} className={`rounded-lg border border-slate-200 p-3 ${FIELD_FOCUS}`}>
            <p className="whitespace-pre-wrap text-slate-800">{n.body}</p>
            <p className="mt-1 text-xs text-slate-500">
              {n.author} · {when(n.createdAt)}
            </p>
          </li>
        ))}
        {!notes.length && <li className="text-slate-500">No notes yet.</li>}
      </ul>
      {more && (
        <div className="mt-3 flex flex-col items-start gap-2">
          {/* aria-disabled, not disabled, while loading: a disabled button would drop the keyboard's focus. */}
          <button
            type="button"
            onClick={showOlder}
            aria-disabled={loading || undefined}
            className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 aria-disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            {loading ? 'Loading older notes…' : `Show older notes${remaining > 0 ? ` (${remaining.toLocaleString('en-US')}${lowerBound ? '+' : ''} more)` : ''}`}
          </button>
          {failed && (
            <p role="alert" className="text-xs text-red-600">
              Older notes could not be loaded: {older.error?.message}. Try again.
            </p>
          )}
        </div>
      )}
      <p className="sr-only" role="status">
        {olderNotes.length ? `${shown.toLocaleString('en-US')} of ${knownTotal.toLocaleString('en-US')}${lowerBound ? '+' : ''} notes shown.` : ''}
      </p>
    </section>
  );
}
