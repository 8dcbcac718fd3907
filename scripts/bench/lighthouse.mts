/**
 * Lighthouse on the pages people open first (issue 16): /login, /signup and a public job page, on
 * the built app with a fresh seeded PGlite, Lighthouse's default mobile run (simulated throttling:
 * a mid-range phone on slow 4G), in Debian's Chromium. Five runs per page; the median is printed with
 * LCP, TBT and CLS. A first visit: no cookies, so /login shows its terms dialog as a new visitor sees it.
 * A benchmark, not a test.
 *
 *   npm run build && npx tsx scripts/bench/lighthouse.mts [--runs 5] [--port 3450]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { exited, seedDatabase, startServer } from '../../e2e/servers.ts';

const argv = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const RUNS = arg('--runs', 5);
const PORT = arg('--port', Number(process.env.BENCH_PORT || 3450));
const TARGETS = { score: 95, cls: 0.02, tbt: 200 };

type Run = { score: number; lcp: number; tbt: number; cls: number; fcp: number };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = result!.lhr;
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    fcp: num('first-contentful-paint'),
  };
}

async function main() {
  if (!fs.existsSync('.next/BUILD_ID')) throw new Error('No build: run `npm run build` first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tna-bench-lh-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: undefined, DATA_DIR: dataDir, PGLITE_DIR: path.join(dataDir, 'pglite'), AUTH_SECRET: process.env.AUTH_SECRET || `bench-lh-${Date.now()}-0123456789abcdef` };
  console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}; seeding PGlite and starting next start on ${PORT}…`);
  await seedDatabase(env);
  const server = await startServer(PORT, env);
  const base = `http://localhost:${PORT}`;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  let failed = false;
  try {
    const xml = await (await fetch(`${base}/sitemap.xml`)).text();
    const jobId = xml.match(/\/jobs\/(\d+)</)?.[1];
    if (!jobId) throw new Error('no published job in the sitemap');
    const pages: [string, string][] = [
      ['/login', '/login'],
      ['/signup', '/signup'],
      ['/jobs/{id} public page', `/jobs/${jobId}`],
    ];
    console.log(`\nLighthouse ${RUNS} runs per page, mobile (simulated throttling); median of the runs`);
    console.log(`${'page'.padEnd(24)} ${'score'.padStart(6)} ${'LCP ms'.padStart(8)} ${'TBT ms'.padStart(8)} ${'CLS'.padStart(6)} ${'FCP ms'.padStart(8)}  scores of the runs`);
    for (const [name, route] of pages) {
      await fetch(base + route); // the first render warms the server's caches; not a visitor's experience
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(base + route, chrome.port));
      const m = { score: median(runs.map((r) => r.score)), lcp: median(runs.map((r) => r.lcp)), tbt: median(runs.map((r) => r.tbt)), cls: median(runs.map((r) => r.cls)), fcp: median(runs.map((r) => r.fcp)) };
      const ok = m.score >= TARGETS.score && m.cls <= TARGETS.cls && m.tbt <= TARGETS.tbt;
      if (!ok) failed = true;
      console.log(
        `${name.padEnd(24)} ${String(m.score).padStart(6)} ${m.lcp.toFixed(0).padStart(8)} ${m.tbt.toFixed(0).padStart(8)} ${m.cls.toFixed(3).padStart(6)} ${m.fcp.toFixed(0).padStart(8)}  ${runs.map((r) => r.score).join(' ')}${ok ? '' : '  (below target)'}`,
      );
    }
    console.log(`\nTargets: score ≥ ${TARGETS.score}, CLS ≤ ${TARGETS.cls}, TBT ≤ ${TARGETS.tbt} ms${failed ? ' — not all met' : ' — all met'}.`);
  } finally {
    await chrome.kill();
    server.kill('SIGTERM');
    await exited(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
