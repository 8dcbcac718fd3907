import { asc, desc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit';
import type { Actor } from '@/lib/auth/actor';
import type { Database } from '@/lib/db/client';
import { countUpTo } from '@/lib/db/count';
import { applicationNotes, applicationStageEvents, applications, users } from '@/lib/db/schema';
import { APPLICATION_STAGES, type ApplicationStage } from '@/lib/drivers/codes';
import { labelOf } from '@/lib/jobs/codes';
import { loadOwnedApplication, tagsOf } from './applicants';
import { toApplicant } from './serialize';
import type { JobRow } from '@/lib/db/schema';
import { explainMatch, type MatchProfile } from '@/lib/drivers/match';
import { matchDetails } from '@/lib/drivers/match-details';
import { matchProfileOf } from '@/lib/drivers/profile';

/** The stage changes of an application, oldest first, with who made them. */
async function stageHistory(db: Database, applicationId: number) {
  const rows = await db
    .select({
      stage: applicationStageEvents.stage,
      at: applicationStageEvents.createdAt,
      by: sql<string | null>`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
    })
    .from(applicationStageEvents)
    .leftJoin(users, eq(users.id, applicationStageEvents.changedBy))
    .where(eq(applicationStageEvents.applicationId, applicationId))
    .orderBy(asc(applicationStageEvents.createdAt), asc(applicationStageEvents.id));
  return rows.map((r) => ({ stage: r.stage, label: labelOf(APPLICATION_STAGES, r.stage), at: r.at.toISOString(), by: r.by }));
}

/** GET /jobs/{id}/applicants/{applicantId}: the full profile, its stage history and the latest notes. */
export async function applicantDetail(db: Database, actor: Actor | null, jobId: number | string, applicantId: number | string) {
  const { job, record } = await loadOwnedApplication(db, actor, jobId, applicantId);
  const [tags, history, notes, profile] = await Promise.all([
    tagsOf(db, [record.applicationId]),
    stageHistory(db, record.applicationId),
    notesOf(db, record.applicationId, 0, 50),
    matchProfileOf(db, record.userId),
  ]);
  const appliedAt = record.createdAt.toISOString();
  const applied = { stage: 'new' as const, label: 'Applied', at: appliedAt, by: null };
  // Applying records its own 'new' event at the same moment: that is the Applied line, not a second one.
  const changes = history.filter((h, i) => !(i === 0 && h.stage === 'new' && h.at === appliedAt));
  return {
    ...toApplicant(record, tags.get(record.applicationId) ?? []),
    stageHistory: [applied, ...changes],
    notes: notes.data,
    notesTotal: notes.total,
    // true when notesTotal is a capped count (more than 1,000 notes): at least that many.
    notesTotalIsLowerBound: notes.total_is_lower_bound,
    match: profile ? applicantMatch(profile, job, record.distanceMiles) : null,
  };
}

/**
 * The applicant's match with the job, the same explanation the driver sees on the job's page, with
 * the words for each factor; the distance is the one the table shows (measured when they applied).
 */
function applicantMatch(profile: MatchProfile, job: JobRow, distanceMiles: number | null) {
  return { ...explainMatch(profile, job, distanceMiles), details: matchDetails(profile, job, distanceMiles) };
}

/** PATCH /jobs/{id}/applicants/{applicantId}/stage: moves the application in the pipeline, dated. */
export async function changeStage(db: Database, actor: Actor | null, jobId: number | string, applicantId: number | string, stage: ApplicationStage) {
  const { job, record } = await loadOwnedApplication(db, actor, jobId, applicantId);
  await db.transaction(async (tx) => {
    // The stage as it is now, the row locked until this commits: changes sent at once (two
    // recruiters, a double click) apply one after the other, each from the stage the last one left.
    // Read before the transaction, six identical changes wrote six "Hired" lines, and different ones
    // left a stage the history contradicted (its times taken before waiting for the row).
    const [current] = await tx.select({ stage: applications.stage }).from(applications).where(eq(applications.id, record.applicationId)).for('update');
    if (!current || current.stage === stage) return;
    const now = new Date();
    await tx.update(applications).set({ stage, stageChangedAt: now }).where(eq(applications.id, record.applicationId));
    await tx.insert(applicationStageEvents).values({ applicationId: record.applicationId, stage, changedBy: actor!.userId, createdAt: now });
    await recordAudit(tx as unknown as Database, {
      actorUserId: actor!.userId,
      impersonatorId: actor!.impersonatorId,
      action: 'application.stage',
      subjectType: 'application',
      subjectId: record.applicationId,
      companyId: job.companyId,
      details: { from: current.stage, to: stage },
    });
  });
  return applicantDetail(db, actor, job.id, record.userId);
}

async function notesOf(db: Database, applicationId: number, offset: number, limit: number) {
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: applicationNotes.id,
        body: applicationNotes.body,
        createdAt: applicationNotes.createdAt,
        author: sql<string | null>`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
      })
      .from(applicationNotes)
      .leftJoin(users, eq(users.id, applicationNotes.authorId))
      .where(eq(applicationNotes.applicationId, applicationId))
      .orderBy(desc(applicationNotes.createdAt), desc(applicationNotes.id))
      .limit(limit)
      .offset(offset),
    // Counted up to its cap, like every list (lib/db/count.ts): past it "at least" that many.
    countUpTo(db, db.select({ one: sql`1` }).from(applicationNotes).where(eq(applicationNotes.applicationId, applicationId)), { offset, limit }),
  ]);
  return {
    data: rows.map((r) => ({ id: r.id, body: r.body, author: r.author ?? 'Former user', createdAt: r.createdAt.toISOString() })),
    ...counted,
  };
}

/** GET /jobs/{id}/applicants/{applicantId}/notes: the company's private notes, newest first. */
export async function listNotes(db: Database, actor: Actor | null, jobId: number | string, applicantId: number | string, page: { offset: number; limit: number }) {
  const { record } = await loadOwnedApplication(db, actor, jobId, applicantId);
  const notes = await notesOf(db, record.applicationId, page.offset, page.limit);
  return { data: notes.data, pagination: { ...page, total: notes.total, total_is_lower_bound: notes.total_is_lower_bound } };
}

/** POST /jobs/{id}/applicants/{applicantId}/notes: a private note signed by its author. */
export async function addNote(db: Database, actor: Actor | null, jobId: number | string, applicantId: number | string, body: string) {
  const { record } = await loadOwnedApplication(db, actor, jobId, applicantId);
  const [note] = await db.insert(applicationNotes).values({ applicationId: record.applicationId, authorId: actor!.userId, body }).returning();
  return { id: note.id, body: note.body, author: `${actor!.firstName} ${actor!.lastName}`, createdAt: note.createdAt.toISOString() };
}
