/**
 * The rules of what a process may remember (lib/db/change-watch.ts), without a database: on
 * PostgreSQL memory is served only while a recent beat came back; a change forgets its own scope; a
 * statement of this process that may write forgets everything before its caller sees the answer.
 */
import type { PoolClient } from 'pg';
import { ACTOR_CHANNEL, ChangeWatch, FRESH_MS, JOBS_CHANNEL, rememberWhileUnchanged } from '@/lib/db/change-watch';
import { forgetOnWrites } from '@/lib/db/pg-change-listener';

const value = (v: string) => async () => ({ value: v, until: Date.now() + 60_000 });

describe('ChangeWatch', () => {
  it('on PostgreSQL serves memory only within a second of the last beat that came back', async () => {
    const watch = new ChangeWatch(true);
    expect(watch.fresh()).toBe(false);
    // Not in touch: every call loads, nothing is kept.
    expect(await rememberWhileUnchanged(watch, ACTOR_CHANNEL, 'k', value('a'))).toBe('a');
    expect(await rememberWhileUnchanged(watch, ACTOR_CHANNEL, 'k', value('b'))).toBe('b');
    const now = Date.now();
    watch.beat(now);
    expect(watch.fresh(now + FRESH_MS)).toBe(true);
    expect(watch.fresh(now + FRESH_MS + 1)).toBe(false);
    expect(await rememberWhileUnchanged(watch, ACTOR_CHANNEL, 'k', value('c'))).toBe('c');
    expect(await rememberWhileUnchanged(watch, ACTOR_CHANNEL, 'k', value('d'))).toBe('c');
    // An older beat arriving late does not make it look fresher than it is.
    watch.beat(now - 10_000);
    expect(watch.fresh(now + FRESH_MS + 1)).toBe(false);
  });

  it('forgets one scope on its channel, every scope on a lost listener', async () => {
    const watch = new ChangeWatch(false);
    await rememberWhileUnchanged(watch, ACTOR_CHANNEL, 'k', value('actor'));
    await rememberWhileUnchanged(watch, JOBS_CHANNEL, 'k', value('jobs'));
    watch.changed(JOBS_CHANNEL);
    expect(await rememberWhileUnchanged(watch, ACTOR_CHANNEL, 'k', value('x'))).toBe('actor');
    expect(await rememberWhileUnchanged(watch, JOBS_CHANNEL, 'k', value('jobs 2'))).toBe('jobs 2');
    watch.lostTouch();
    expect(await rememberWhileUnchanged(watch, ACTOR_CHANNEL, 'k', value('actor 2'))).toBe('actor 2');
    expect(await rememberWhileUnchanged(watch, JOBS_CHANNEL, 'k', value('jobs 3'))).toBe('jobs 3');
  });

  it('does not keep an answer when the listener was lost while it loaded', async () => {
    const watch = new ChangeWatch(true);
    watch.beat(Date.now());
    const load = async () => {
      watch.lostTouch();
      watch.beat(Date.now()); // back already: still, what was read may have missed a change
      return { value: 'read during the gap', until: Date.now() + 60_000 };
    };
    expect(await rememberWhileUnchanged(watch, ACTOR_CHANNEL, 'k', load)).toBe('read during the gap');
    expect(await rememberWhileUnchanged(watch, ACTOR_CHANNEL, 'k', value('read again'))).toBe('read again');
  });
});

describe('forgetOnWrites', () => {
  /** A pooled connection whose query answers after a tick, noting whether memory was forgotten by then. */
  function pooled(watch: ChangeWatch) {
    const client = {
      query: (..._args: unknown[]) => Promise.resolve({ rows: [] }),
    } as unknown as PoolClient;
    forgetOnWrites(client, watch);
    return client;
  }

  async function remembered(watch: ChangeWatch) {
    return (await rememberWhileUnchanged(watch, ACTOR_CHANNEL, 'k', value('fresh read'))) !== 'fresh read';
  }

  it.each([
    ['update "users" set "first_name" = $1 where "id" = $2'],
    ['insert into refresh_tokens (user_id) values ($1)'],
    ['delete from user_roles where user_id = $1'],
    ['commit'],
    ['with moved as (update jobs set active = false returning id) select count(*) from moved'],
    ['select id from users where id = $1 for update'],
  ])('forgets everything once %s returns', async (text) => {
    const watch = new ChangeWatch(false);
    await rememberWhileUnchanged(watch, ACTOR_CHANNEL, 'k', value('before'));
    const client = pooled(watch);
    await client.query({ text } as never);
    expect(await remembered(watch)).toBe(false);
  });

  it('keeps memory across reads, and forgets on a write sent with a callback too', async () => {
    const watch = new ChangeWatch(false);
    await rememberWhileUnchanged(watch, ACTOR_CHANNEL, 'k', value('before'));
    const client = pooled(watch);
    await client.query('select u.id, u.deleted_at, u.updated_at from users u where u.id = $1');
    expect(await remembered(watch)).toBe(true);
    const callbackClient = {
      query: (_text: string, _values: unknown[], callback: (error: Error | null) => void) => setImmediate(() => callback(null)),
    } as unknown as PoolClient;
    forgetOnWrites(callbackClient, watch);
    await new Promise<void>((resolve) => (callbackClient.query as unknown as (t: string, v: unknown[], cb: () => void) => void)('delete from users where id = $1', [1], () => resolve()));
    expect(await remembered(watch)).toBe(false);
  });

  it('forgets even when the write fails (it may have committed in part of a transaction)', async () => {
    const watch = new ChangeWatch(false);
    await rememberWhileUnchanged(watch, ACTOR_CHANNEL, 'k', value('before'));
    const failing = { query: () => Promise.reject(new Error('deadlock')) } as unknown as PoolClient;
    forgetOnWrites(failing, watch);
    await expect(failing.query('update users set active = false')).rejects.toThrow('deadlock');
    expect(await remembered(watch)).toBe(false);
  });
});

describe('what a scope holds', () => {
  it('starts over once its answers weigh more than its budget (a caller asking for page after page)', async () => {
    const watch = new ChangeWatch(false);
    const page = (rows: number, v: string) => async () => ({ value: v, until: Date.now() + 60_000, weight: rows + 1 });
    // 20,000 rows of budget for the job lists: 199 pages of 100 rows fit, the next one starts over.
    for (let i = 0; i < 199; i++) await rememberWhileUnchanged(watch, JOBS_CHANNEL, `page ${i}`, page(99, `first ${i}`));
    expect(await rememberWhileUnchanged(watch, JOBS_CHANNEL, 'page 0', page(99, 'again'))).toBe('first 0');
    await rememberWhileUnchanged(watch, JOBS_CHANNEL, 'page 200', page(199, 'the one too many'));
    expect(await rememberWhileUnchanged(watch, JOBS_CHANNEL, 'page 0', page(99, 'read again'))).toBe('read again');
    expect(await rememberWhileUnchanged(watch, JOBS_CHANNEL, 'page 200', page(99, 'x'))).toBe('the one too many');
  });

  it('replaces an answer whose time ran out', async () => {
    const watch = new ChangeWatch(false);
    await rememberWhileUnchanged(watch, ACTOR_CHANNEL, 'k', async () => ({ value: 'ended', until: Date.now() - 1 }));
    expect(await rememberWhileUnchanged(watch, ACTOR_CHANNEL, 'k', value('new'))).toBe('new');
    expect(await rememberWhileUnchanged(watch, ACTOR_CHANNEL, 'k', value('newer'))).toBe('new');
  });
});
