// The Node.js half of instrumentation.ts, in its own file so that the Edge build of instrumentation
// does not see Node-only APIs (process.exit): check the configuration, then start the tick timer.
export async function registerNode() {
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
