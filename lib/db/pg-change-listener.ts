import { randomBytes } from 'node:crypto';
import type { Client, Pool, PoolClient } from 'pg';
import { log } from '@/lib/log';
import { CHANNELS, ChangeWatch } from './change-watch';

/** How often the listening connection sends itself a beat, and waits before reconnecting. */
const BEAT_MS = 250;
const RECONNECT_MS = 1_000;

/**
 * Feeds a ChangeWatch from PostgreSQL (see lib/db/change-watch.ts for why each part is needed):
 * - a connection of its own LISTENs on the change channels and on a beat channel only this process
 *   knows, and sends itself a beat every 250 ms; a beat that comes back vouches for every change
 *   committed before it was sent;
 * - losing that connection forgets everything and stops serving from memory until it is back;
 * - every statement this process's pool runs that may write (or commits) forgets everything when it
 *   returns, so this instance reads its own writes at once.
 * Timers are unref'd: they never keep a process alive. Returns the function that stops it all.
 */
export function listenForChanges(pool: Pool, url: string, watch = new ChangeWatch(true)) {
  const beatChannel = `tna_beat_${process.pid}_${randomBytes(4).toString('hex')}`;
  let client: Client | null = null;
  let stopped = false;
  let reconnect: NodeJS.Timeout | undefined;
  // Connections already given up on: their 'error' and 'end' events each come once more.
  const dropped = new WeakSet<Client>();

  pool.on('connect', (pooled) => forgetOnWrites(pooled, watch));

  const drop = (c: Client, why: unknown) => {
    if (dropped.has(c)) return;
    dropped.add(c);
    if (client === c) client = null;
    watch.lostTouch();
    c.end().catch(() => {});
    if (stopped) return;
    log.warn('PostgreSQL change listener: connection lost, reading every time until it is back', { error: String(why) });
    reconnect = setTimeout(connect, RECONNECT_MS).unref();
  };

  const connect = async () => {
    const { Client } = await import('pg');
    const c = new Client({ connectionString: url, application_name: 'tna-change-listener' });
    c.on('error', (error) => drop(c, error));
    c.on('end', () => drop(c, 'ended'));
    c.on('notification', (n) => {
      if (n.channel === beatChannel) watch.beat(Number(n.payload));
      else watch.changed(n.channel);
    });
    try {
      await c.connect();
      for (const channel of [...CHANNELS, beatChannel]) await c.query(`listen ${channel}`);
      if (stopped) return void c.end().catch(() => {});
      // Whatever was remembered before this connection listened may have missed a change.
      watch.forgetAll();
      client = c;
      sendBeat();
    } catch (error) {
      drop(c, error);
    }
  };

  const sendBeat = () => {
    const c = client;
    if (c) c.query('select pg_notify($1, $2)', [beatChannel, String(Date.now())]).catch((error) => drop(c, error));
  };
  const beats = setInterval(sendBeat, BEAT_MS).unref();
  void connect();

  return {
    watch,
    stop: async () => {
      stopped = true;
      clearInterval(beats);
      clearTimeout(reconnect);
      watch.lostTouch();
      const c = client;
      client = null;
      if (c) {
        dropped.add(c);
        await c.end().catch(() => {});
      }
    },
  };
}

/**
 * A statement that may change a row: any text naming a write or a commit. Reads that lock rows
 * (`for update`) count too; forgetting more often than needed costs a read, never a stale answer.
 */
const MAY_WRITE = /\b(insert|update|delete|merge|truncate|commit|copy|call|do)\b/i;

type QueryFn = (...args: unknown[]) => unknown;

/** Wraps a pooled connection's query so that a statement that may write forgets the watch when it returns. */
export function forgetOnWrites(pooled: PoolClient, watch: ChangeWatch) {
  const query = pooled.query.bind(pooled) as QueryFn;
  (pooled as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
    if (!text || !MAY_WRITE.test(text)) return query(...args);
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as QueryFn;
      args[last] = (...results: unknown[]) => {
        watch.forgetAll();
        return callback(...results);
      };
      return query(...args);
    }
    const answer = query(...args) as Promise<unknown> | undefined;
    if (!answer || typeof answer.then !== 'function') {
      watch.forgetAll();
      return answer;
    }
    return answer.then(
      (value) => {
        watch.forgetAll();
        return value;
      },
      (error) => {
        watch.forgetAll();
        throw error;
      },
    );
  };
}
