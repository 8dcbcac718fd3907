// The Node.js half of instrumentation.ts, in its own file so that the Edge build of instrumentation
// does not see Node-only APIs (process.exit): stamp each request's socket address, check the
// configuration, then start the tick timer.
export async function registerNode() {
  // Rate limits key on the client's address, and Next does not pass the socket's on: without this
  // stamp every request without a trusted proxy header counted as one client, 'unknown', so one
  // client's failed sign-ins or reset requests locked everyone out (lib/api/client-address.ts).
  (await import('./lib/api/peer-stamp')).installPeerStamp();
  const { applyDerivedAuthUrl, resolvePublicOrigin, startupProblems } = await import('./lib/config');
  const problems = startupProblems();
  if (problems.length) {
    // One line saying what to set; a server that would answer 500 to every call must not start.
    console.error(`Not starting: ${problems.join(' ')}`);
    process.exit(1);
  }
  applyDerivedAuthUrl();
  if (process.env.NODE_ENV === 'production') {
    const { origin, from } = resolvePublicOrigin();
    console.log(`Links in mail point at ${origin} (from ${from}).`);
  }
  const { startTickTimer, tickIntervalSeconds } = await import('./lib/tick/timer');
  const seconds = tickIntervalSeconds();
  if (seconds > 0) startTickTimer(seconds);
}
