// Next calls register() once per server process: start the self-hosted tick timer there.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // Rate limits key on the socket address; Next does not pass it on, so stamp it (lib/api/client-address.ts).
  (await import('./lib/api/peer-stamp')).installPeerStamp();
  const { startTickTimer, tickIntervalSeconds } = await import('./lib/tick/timer');
  const seconds = tickIntervalSeconds();
  if (seconds > 0) startTickTimer(seconds);
}
