import { z } from 'zod';
import { rowIdNumber } from '@/lib/validation/numbers';
import type { Database } from '@/lib/db/client';
import type { Actor } from '@/lib/auth/actor';
import { eq } from 'drizzle-orm';
import { companies } from '@/lib/db/schema';
import { getGateway } from './gateway';
import { addonLines, isPublished, loadChargeableJob, pendingLines, postingLines, renewalLines, renewalPendingRefusal, type ChargeableJob } from './jobs-port';
import { addonsEndedRefusal } from './job-payments';
import { totalOf } from './orders';
import { defaultCard, toCardView } from './payment-methods';
import { paymentRefusal } from '@/lib/jobs/ended';
import { renewalRefusal } from '@/lib/jobs/lifecycle';

export const summaryQuery = z
  .object({
    job_id: rowIdNumber().optional(),
    secret_token: z.string().trim().min(8).max(200).optional(),
    /** Which charge to preview: the posting (default), the unpaid add-ons, or a renewal. */
    action: z.enum(['new_job', 'addons', 'renewal']).default('new_job'),
  })
  .refine((q) => q.job_id || q.secret_token, { message: 'Name the job: job_id or secret_token.' });

/** The refusal of the charge's own rules for this action (renewals.ts, job-payments.ts payAddons), or null. */
function actionRefusal(job: ChargeableJob, action: z.infer<typeof summaryQuery>['action'], now: Date): string | null {
  if (action === 'renewal') return renewalRefusal(job, now) ?? renewalPendingRefusal(job, now);
  if (action === 'addons') return addonsEndedRefusal(job, now);
  return null;
}

/**
 * What the payment step shows before paying: the order's lines and total, how the company pays
 * (card or invoice), its saved card, and where the hosted card fields live.
 */
export async function paymentSummary(db: Database, actor: Actor, query: z.infer<typeof summaryQuery>, now = new Date()) {
  const job = await loadChargeableJob(db, actor, query.secret_token ? { jobsPostToken: query.secret_token } : { jobId: query.job_id! });
  const [company] = await db.select({ billingType: companies.billingType }).from(companies).where(eq(companies.id, job.companyId));
  const subscribed = job.addons.filter((a) => a.subscribed);
  let lines;
  if (query.action === 'addons') lines = pendingLines(job, now);
  else if (query.action === 'renewal') lines = renewalLines(job, now);
  else lines = [...postingLines(job), ...addonLines(subscribed)];
  const card = await defaultCard(db, job.companyId);
  const gateway = await getGateway(db);
  return {
    job_id: job.id,
    action: query.action,
    expiration_date: job.expirationDate,
    title: job.title,
    secret_token: job.jobsPostToken,
    paid: isPublished(job),
    payment_status: job.paymentStatus,
    billing_type: company.billingType,
    lines: lines.map((l) => ({ description: l.description, kind: l.kind, amount: l.amountCents / 100, amount_cents: l.amountCents })),
    total: totalOf(lines) / 100,
    total_cents: totalOf(lines),
    /** Why the charge previewed here would be refused (the charge's own rules), or null: said before a card is asked for. */
    refused: paymentRefusal(job) ?? actionRefusal(job, query.action, now),
    card: card ? toCardView(card) : null,
    hosted_fields_url: gateway.hostedFields().url,
  };
}
export type PaymentSummary = Awaited<ReturnType<typeof paymentSummary>>;
