/**
 * "Tick and requests" (issue 16): on PGlite (one connection, one thread), 100,000 jobs of which
 * RENEWALS auto-renew and are due, a tick runs, and meanwhile the company job list is asked for
 * through its service every 50 ms. Prints the tick's duration and how long those queries waited
 * (max, p99). Target: none waits more than 1 s. The payments stand-in is the sandbox gateway the
 * tests use, with a saved default card. A benchmark, not a test: `npx tsx scripts/bench/tick-latency.ts`.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { ROLES } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { changeWatch, createPglite, migrate, pgliteDatabase, queryRows } from '@/lib/db/client';
import { seedScaleBase, SCALE_COMPANY } from '@/lib/db/seed/scale';
import { searchJobs } from '@/lib/jobs/search';
import { searchJobsSchema } from '@/lib/jobs/schemas';
import { storeCard } from '@/lib/payments/payment-methods';
import { tokenize } from '@/lib/payments/sandbox';
import { tick } from '@/lib/tick';
import { registerTickStep, tickSteps } from '@/lib/tick/steps';

const JOBS = Number(process.env.BENCH_JOBS || 100_000);
const RENEWALS = Number(process.env.BENCH_RENEWALS || 14_000);
const EVERY_MS = 50;

const staff: Actor = { userId: 0, email: 'bench@local', firstName: 'Bench', lastName: 'Mark', roles: [ROLES.SUPER_ADMIN], companyId: null };

async function main() {
  const client = await createPglite();
  const db = await pgliteDatabase(client);
  await migrate(db, '');
  console.log(`Loading ${JOBS.toLocaleString('en-US')} jobs, ${RENEWALS.toLocaleString('en-US')} of them auto-renewing and due…`);
  await seedScaleBase(db, { jobs: JOBS, drivers: 1_000, applications: 0 });
  const [company] = await queryRows<{ id: number }>(db, sql`select id from companies where company_name = ${SCALE_COMPANY}`);
  const card = await tokenize(db, { card_number: '4111 1111 1111 1111', expiration_date: '12/39', cvv: '123', card_holder_name: 'Bench Mark' });
  if (!card.ok) throw new Error('sandbox card refused');
  await storeCard(db, company.id, null, { card_token: card.token, card_holder_name: 'Bench Mark' }, true);
  const now = new Date();
  await db.execute(sql`
    update jobs set auto_renew = true, expiration_date = ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz
    where id in (select id from jobs where company_id = ${company.id} order by id limit ${RENEWALS})`);
  await db.execute(sql`analyze`);

  const list = searchJobsSchema.parse({ sort: { field: 'posting_date', direction: 'desc' }, company_id: company.id });
  // Each step timed (wrapped in place, same order).
  const stepMs: Record<string, number> = {};
  for (const step of [...tickSteps()]) {
    registerTickStep(step.name, async (ctx) => {
      const at = performance.now();
      try {
        return await step.run(ctx);
      } finally {
        stepMs[step.name] = Math.round(performance.now() - at);
      }
    });
  }

  // Requests arrive every 50 ms on a fixed schedule; a request's wait runs from its arrival, so
  // time the thread spent blocked inside a statement (PGlite is WebAssembly on this thread) counts.
  const requestsDuring = async <T>(work: () => Promise<T>) => {
    const waits: number[] = [];
    let running = true;
    const started = performance.now();
    const requests = (async () => {
      const pending: Promise<void>[] = [];
      for (let k = 0; running; k++) {
        const arrival = started + k * EVERY_MS;
        const wait = arrival - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        // Never from memory (lib/db/change-watch.ts): each request reads, as the first after a change does.
        changeWatch(db)?.forgetAll();
        pending.push(searchJobs(db, staff, list).then(() => void waits.push(performance.now() - arrival)));
      }
      await Promise.all(pending);
    })();
    const value = await work();
    const tookMs = performance.now() - started;
    running = false;
    await requests;
    const sorted = [...waits].sort((x, y) => x - y);
    const p99 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
    const figures = `${waits.length} answered; wait from arrival: max ${sorted.at(-1)?.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms`;
    return { value, tookMs, max: sorted.at(-1) ?? 0, figures };
  };

  const alone = await requestsDuring(() => new Promise((r) => setTimeout(r, 5_000)));
  const { value: report, tookMs, max, figures } = await requestsDuring(() => tick(db, now));

  const steps = report.ran ? report.steps : {};
  const [left] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from jobs where auto_renew and active and expiration_date <= ${now.toISOString()}::timestamptz`);
  console.log(`Machine: ${os.cpus().length} vCPU (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, PGlite`);
  console.log(`Tick: ${(tookMs / 1000).toFixed(1)} s; renewals ${JSON.stringify(steps.renewals)}; expired ${(steps['expire-jobs'] as { expired?: number[] })?.expired?.length ?? 0}`);
  console.log(`Steps (ms): ${JSON.stringify(stepMs)}`);
  console.log(`Due renewals left for the next tick: ${left.n}`);
  console.log(`Company job list arriving every ${EVERY_MS} ms, 5 s without a tick: ${alone.figures}`);
  console.log(`Company job list arriving every ${EVERY_MS} ms during the tick: ${figures}`);
  console.log(max <= 1000 ? 'Target met: no query waited more than 1 s.' : 'Target MISSED: a query waited more than 1 s.');
  await client.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
