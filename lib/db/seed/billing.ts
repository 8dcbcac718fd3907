import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { jobs } from '@/lib/db/schema';
import { payOnce } from '@/lib/payments/charge';
import { addonLines, loadChargeableJob, postingLines } from '@/lib/payments/jobs-port';
import { sandboxGateway, tokenize } from '@/lib/payments/sandbox';

/**
 * Demo billing history: each published demo job was paid with the sandbox's approving Visa on its
 * paid date, through the real charge path (orders, lines, attempts, sandbox charges). No saved
 * card is seeded, so the first payment shows the hosted card fields.
 */
export async function seedBilling(db: Database, { companyId }: { companyId: number }) {
  const gateway = sandboxGateway(db);
  const card = await tokenize(db, { card_number: '4111111111111111', expiration_date: '12/30', cvv: '123', card_holder_name: 'Carl Owner' });
  if (!card.ok) throw new Error('Demo card refused.');
  const paid = await db
    .select({ id: jobs.id, paidAt: jobs.paidAt })
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), ne(jobs.paymentStatus, 'pending')));
  for (const { id, paidAt } of paid) {
    const job = await loadChargeableJob(db, null, { jobId: id });
    const at = paidAt ?? new Date();
    await payOnce(
      db,
      gateway,
      {
        companyId,
        jobId: job.id,
        jobTitle: job.title,
        actionType: 'new_job',
        periodKey: '',
        paymentMethod: 'CELERO',
        cardType: card.card_type,
        maskedNumber: card.masked_number,
        gateway: gateway.name,
        autoRenew: job.autoRenew,
        lines: [...postingLines(job), ...addonLines(job.addons.filter((a) => a.subscribed))],
      },
      card.token,
      async () => {},
      { now: () => at },
    );
  }
}
