/**
 * Measures moving the embedded database off the request event loop (issue 16): the HTTP bench's
 * requests against `next start` with PGlite in the server process, then with the same PGlite in a
 * process of its own behind the Postgres wire protocol (the app's pg driver, DATABASE_URL), side by
 * side. A separate process is the upper bound of what a worker thread could give (the database's
 * CPU leaves the event loop entirely) at the price of a protocol round trip per statement.
 *
 * The database process is @electric-sql/pglite-socket's server over a PGlite with the schema's
 * extensions (not a dependency of the app: install it in a scratch folder), on 127.0.0.1:5499:
 *   const db = await PGlite.create({ dataDir, extensions: { citext, pg_trgm, cube, earthdistance } });
 *   await new PGLiteSocketServer({ db, port: 5499, host: '127.0.0.1', maxConnections: 20 }).start();
 * then `npm run build && npx tsx scripts/bench/pglite-offloop.ts`. Results and the decision: docs/benchmarks.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runOn } from './http';
(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'offloop-'));
  const rest = { ...process.env, DATABASE_URL: undefined };
  const env: NodeJS.ProcessEnv = { ...rest, DATA_DIR: dataDir, PGLITE_DIR: path.join(dataDir, 'pglite'), AUTH_SECRET: 'offloop-0123456789abcdef0123456789' };
  const opts = { quick: false, js: false, port: 3460, only: [], pgOnly: false };
  const a = await runOn('PGlite in the server process', env, opts);
  const b = await runOn('PGlite in another process (socket, pg driver)', { ...env, DATA_DIR: path.join(dataDir, 'b'), DATABASE_URL: process.env.OFFLOOP_URL || 'postgres://postgres@127.0.0.1:5499/postgres', DATABASE_POOL_MAX: '10' }, opts);
  console.log('\nside by side (req/s):');
  a.rows.forEach((r, i) => console.log(r.request.padEnd(40), r.rps.toFixed(0).padStart(6), b.rows[i].rps.toFixed(0).padStart(6), `${r.cpuMs?.toFixed(1)} / ${b.rows[i].cpuMs?.toFixed(1)} ms CPU`));
})().catch((e) => { console.error(e); process.exit(1); });
