import type { Database } from '@/lib/db/client';
import { log } from '@/lib/log';
import { withTickLock } from './lock';
import { tickSteps } from './steps';

export { registerTickStep } from './steps';

export type TickReport =
  | { ran: true; now: string; steps: Record<string, unknown>; errors: Record<string, string> }
  | { ran: false; now: string; reason: 'running' | 'locked' };

const globalForTick = globalThis as unknown as { __tnaTickRunning?: boolean };

/**
 * The scheduled work of DESIGN.md, run by the cron route or the self-hosted timer with the
 * clock it is given. An advisory lock keeps two PostgreSQL instances from running it at once, and
 * a flag two calls in one process (all PGlite needs: one process owns it). Steps work in short
 * batches, never one tick-wide transaction, so requests are answered while a tick runs (issue 16).
 * A failing step is reported and logged; the others still run.
 */
export async function tick(db: Database, now = new Date()): Promise<TickReport> {
  const at = now.toISOString();
  if (globalForTick.__tnaTickRunning) return { ran: false, now: at, reason: 'running' };
  globalForTick.__tnaTickRunning = true;
  try {
    const result = await withTickLock(db, async (_db, isolate) => {
      const steps: Record<string, unknown> = {};
      const errors: Record<string, string> = {};
      for (const step of tickSteps()) {
        try {
          steps[step.name] = await isolate((stepDb) => step.run({ db: stepDb, now, reports: steps }));
        } catch (error) {
          log.error('Scheduled tick step failed', { step: step.name, error });
          errors[step.name] = error instanceof Error ? error.message : String(error);
        }
      }
      return { steps, errors };
    });
    if (!result) return { ran: false, now: at, reason: 'locked' };
    return { ran: true, now: at, ...result.value };
  } finally {
    globalForTick.__tnaTickRunning = false;
  }
}
