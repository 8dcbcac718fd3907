import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * What `next start` runs at start (instrumentation.ts register()), in a process of its own with a
 * production environment: without AUTH_SECRET it must exit with one line saying what to set.
 */
function register(env: Record<string, string>) {
  const root = path.resolve(__dirname, '../../..');
  const { PATH, HOME } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', '-e', "import('./instrumentation.ts').then((m) => (m.register ?? m.default.register)()).then(() => process.exit(0))"], {
    cwd: root,
    env: { PATH, HOME, NEXT_RUNTIME: 'nodejs', TICK_INTERVAL_SECONDS: '0', ...env } as unknown as NodeJS.ProcessEnv,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('instrumentation register() in production', () => {
  it('refuses to start without AUTH_SECRET, with one line saying what to set', () => {
    const run = register({ NODE_ENV: 'production', APP_URL: 'https://jobs.example.com' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual(['Not starting: AUTH_SECRET is not set: set it to a long random value (openssl rand -base64 32).']);
  });

  it('starts with AUTH_SECRET and APP_URL set, and says which origin links use', () => {
    const run = register({ NODE_ENV: 'production', APP_URL: 'https://jobs.example.com', AUTH_SECRET: 'a-long-random-value' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Links in mail point at https://jobs.example.com (from APP_URL).');
  });
});
