// Next calls register() once per server process, at start: check the configuration, then start
// the self-hosted tick timer (instrumentation-node.ts; Node only, so the Edge build never sees it).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { registerNode } = await import('./instrumentation-node');
  await registerNode();
}
