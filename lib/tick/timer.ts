import { getDb } from '@/lib/db/client';
import { log } from '@/lib/log';
import { tick } from './index';

const globalForTimer = globalThis as unknown as { __tnaTickTimer?: NodeJS.Timeout };

/**
 * Seconds between ticks in self-hosted mode: TICK_INTERVAL_SECONDS, else 60; 0 turns the timer
 * off. Never on Vercel (Vercel Cron calls the route) nor in tests (they drive tick directly).
 */
export function tickIntervalSeconds(env: NodeJS.ProcessEnv = process.env): number {
  if (env.VERCEL || env.NODE_ENV === 'test' || env.JEST_WORKER_ID) return 0;
  const raw = env.TICK_INTERVAL_SECONDS;
  const n = raw === undefined || raw === '' ? 60 : Number(raw);
  return Number.isFinite(n) && n > 0 ? Math.max(5, Math.floor(n)) : 0;
}

/** Starts the self-hosted timer once per process (hot reload registers again: keep one). */
export function startTickTimer(seconds = tickIntervalSeconds()) {
  if (seconds <= 0 || globalForTimer.__tnaTickTimer) return;
  const run = async () => {
    try {
      const report = await tick(await getDb(), new Date());
      if (report.ran && Object.keys(report.errors).length) log.error('Scheduled tick steps failed', { errors: report.errors });
    } catch (error) {
      log.error('Scheduled tick failed', { error });
    }
  };
  log.info('Scheduled tick: self-hosted timer started (TICK_INTERVAL_SECONDS)', { everySeconds: seconds });
  globalForTimer.__tnaTickTimer = setInterval(run, seconds * 1000);
  globalForTimer.__tnaTickTimer.unref?.();
  // The first tick soon after start, not a whole interval later.
  setTimeout(run, Math.min(seconds, 10) * 1000).unref?.();
}
