import type { Database } from '@/lib/db/client';
import { endBoosts, expireJobs } from '@/lib/jobs/lifecycle';
import { purgeAbandonedUploads } from '@/lib/jobs/multimedia';
import { paymentsTick } from '@/lib/payments/payments-tick';
import { deliverDueMail } from '@/lib/mail';
import { purgeTokens } from '@/lib/auth/sessions';
import { sendApplicantDigests } from '@/lib/drivers/digest';
import { endAds } from '@/lib/ads/services';
import { purgeAbandonedAdUploads, purgeUnusedAdMedia } from '@/lib/ads/media';
import { purgeAdViews } from '@/lib/ads/serving';
import { publishDuePosts } from '@/lib/news/posts';
import { purgeIdempotencyKeys } from '@/lib/api/idempotency';
import { embeddedUpkeep } from '@/lib/db/embedded-upkeep';
import { dropEndedRankings } from '@/lib/applications/candidate-rankings';

/**
 * The ordered steps of one tick (DESIGN.md "scheduled work"). Each step gets the database, a
 * fixed `now` and the reports of the steps before it in this tick; it must be idempotent (a tick
 * may run again with the same clock) and answers a small report. No step runs inside a tick-wide
 * transaction (issue 16): a step that can touch many rows works in batches of its own short
 * statements or transactions and leaves what its time budget does not reach to the next tick
 * (lib/db/batches.ts), so requests run between batches, on PGlite too. Other domains add theirs
 * with registerTickStep (from a module the tick imports) or by adding a line to DEFAULT_STEPS.
 */
export type TickContext = { db: Database; now: Date; reports?: Readonly<Record<string, unknown>> };
export type TickStep = { name: string; run: (ctx: TickContext) => Promise<unknown> };

/**
 * 'renewals' comes first: the payments domain charges auto-renewing jobs that are due and extends
 * them (lib/jobs/lifecycle.ts extendJob); what is still past its expiry afterwards expires, except
 * the due renewals the renewals step did not charge: those its budget did not reach
 * (`unfinishedAfter`) and those that failed on an error of ours (`retry`). When the renewals step
 * itself failed (no report), none was charged: every due renewal is spared. The next tick charges them.
 */
type RenewalsReport = { unfinishedAfter?: number; retry?: number[] } | undefined;

function spareRenewals(reports: TickContext['reports']) {
  if (reports && !('renewals' in reports)) return { spareRenewalsAfter: 0 };
  const report = reports?.renewals as RenewalsReport;
  return { spareRenewalsAfter: report?.unfinishedAfter, spareJobIds: report?.retry };
}

const DEFAULT_STEPS: TickStep[] = [
  { name: 'renewals', run: ({ db, now }) => paymentsTick(db, now) },
  { name: 'expire-jobs', run: async ({ db, now, reports }) => ({ expired: await expireJobs(db, now, spareRenewals(reports)) }) },
  { name: 'end-boosts', run: async ({ db, now }) => ({ ended: await endBoosts(db, now) }) },
  { name: 'purge-tokens', run: async ({ db, now }) => purgeTokens(db, now) },
  { name: 'upload-parts', run: ({ now }) => purgeAbandonedUploads(now) },
  { name: 'applicant-digests', run: ({ db, now }) => sendApplicantDigests(db, now) },
  { name: 'end-ads', run: ({ db, now }) => endAds(db, now) },
  { name: 'ad-upload-parts', run: ({ now }) => purgeAbandonedAdUploads(now) },
  // Finished uploads no ad uses (replaced in a form, or a form left unsaved), after a day.
  { name: 'ad-media', run: ({ db, now }) => purgeUnusedAdMedia(db, now) },
  { name: 'ad-views', run: ({ db, now }) => purgeAdViews(db, now) },
  { name: 'idempotency-keys', run: ({ db, now }) => purgeIdempotencyKeys(db, now) },
  // The candidates' kept rankings of jobs that ended (after 'expire-jobs').
  { name: 'candidate-rankings', run: ({ db }) => dropEndedRankings(db) },
  // Scheduled news posts whose time has come are published (SCHEDULED → POSTED).
  { name: 'publish-posts', run: ({ db, now }) => publishDuePosts(db, now) },
  // After every step that queues mail, so the mail they queued (renewals, failed payments, digests) goes out in the same tick.
  { name: 'outbox', run: ({ db, now }) => deliverDueMail(db, now) },
  // The embedded database's vacuum and analyze (no autovacuum runs there), after the steps' changes.
  { name: 'embedded-upkeep', run: ({ db }) => embeddedUpkeep(db) },
];

const steps: TickStep[] = [...DEFAULT_STEPS];

/**
 * Adds a step, or replaces the step of the same name in place (so 'renewals' keeps its slot
 * before expiry). `before` puts a new step ahead of a named one; otherwise it runs last.
 */
export function registerTickStep(name: string, run: TickStep['run'], options: { before?: string } = {}) {
  const existing = steps.findIndex((s) => s.name === name);
  if (existing >= 0) {
    steps[existing] = { name, run };
    return;
  }
  const at = options.before ? steps.findIndex((s) => s.name === options.before) : -1;
  steps.splice(at >= 0 ? at : steps.length, 0, { name, run });
}

export function tickSteps(): readonly TickStep[] {
  return steps;
}

/** Back to the built-in steps (tests). */
export function resetTickSteps() {
  steps.splice(0, steps.length, ...DEFAULT_STEPS);
}
