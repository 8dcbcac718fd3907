// Next calls register() once per server process: start the self-hosted tick timer there.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startTickTimer, tickIntervalSeconds } = await import('./lib/tick/timer');
  const seconds = tickIntervalSeconds();
  if (seconds > 0) startTickTimer(seconds);
}
