import type { PGlite } from '@electric-sql/pglite';

/**
 * What the embedded database's process may remember between requests, and when it must forget.
 *
 * PGlite is one process's database (lib/db/client.ts takes a lock on its folder), so every write to
 * it runs in this process. The tables who-is-calling reads (users, user_roles, refresh_tokens) announce
 * each change on the channel below (migration 0016, a statement trigger); PGlite hands the
 * notification to this process's listener while the writing statement's answer is being read, before
 * the writer's own `await` returns. So a logout, a role change or a deletion is forgotten here before
 * anything can observe that it happened, and a remembered answer is never older than the last change.
 *
 * On PostgreSQL nothing is remembered: other instances write to the same database, and a
 * notification reaches this one only some time after the commit.
 */
export const ACTOR_CHANNEL = 'tna_actor_change';

/** At most this many answers, each for at most this long (a bound, not the rule: changes clear them). */
const MAX_ENTRIES = 10_000;
const MAX_AGE_MS = 60_000;

type Entry = { value: unknown; until: number };
type Watch = { epoch: number; entries: Map<string, Entry> };

// On globalThis: each server bundle has its own copy of this module, all over one PGlite instance.
const globalForWatch = globalThis as unknown as { __tnaChangeWatch?: WeakMap<PGlite, Watch> };
const watches = (globalForWatch.__tnaChangeWatch ??= new WeakMap());

/** Starts listening for changes on a PGlite instance the app has opened; until then nothing is remembered. */
export async function watchChanges(client: PGlite) {
  if (watches.has(client)) return;
  const watch: Watch = { epoch: 0, entries: new Map() };
  await client.listen(ACTOR_CHANNEL, () => {
    watch.epoch++;
    watch.entries.clear();
  });
  watches.set(client, watch);
}

/**
 * `load`'s answer for `key`, remembered until a watched table changes, `until` (ms since the epoch)
 * passes or a minute has gone by. Without a watch (PostgreSQL, a transaction's handle) it loads
 * every time. A null answer (nobody, or an ended session) is not remembered. An answer read while a
 * change happened is not remembered either: it may predate the change.
 */
export async function rememberWhileUnchanged<T>(
  client: PGlite | undefined,
  key: string,
  load: () => Promise<{ value: T; until: number } | null>,
): Promise<T | null> {
  const watch = client && watches.get(client);
  if (!watch) return (await load())?.value ?? null;
  const hit = watch.entries.get(key);
  if (hit && hit.until > Date.now()) return hit.value as T;
  const epoch = watch.epoch;
  const loaded = await load();
  if (loaded && watch.epoch === epoch) {
    if (watch.entries.size >= MAX_ENTRIES) watch.entries.clear();
    watch.entries.set(key, { value: loaded.value, until: Math.min(loaded.until, Date.now() + MAX_AGE_MS) });
  }
  return loaded?.value ?? null;
}
