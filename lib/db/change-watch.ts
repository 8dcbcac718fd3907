/**
 * What a server process may remember between requests, and when it must forget (issue 16).
 *
 * The tables an answer comes from announce each change on a channel, once per statement (statement
 * triggers, migrations 0016 and 0017): who-is-calling on ACTOR_CHANNEL (users, user_roles,
 * refresh_tokens), a company's job list on JOBS_CHANNEL (jobs, job_addresses, job_tags, company_tags,
 * applications). A watch holds one scope per channel; a change announced on a channel forgets that
 * scope, and the process's own writes forget every scope.
 *
 * - PGlite is one process's database (lib/db/client.ts takes a lock on its folder), so every write to
 *   it runs in this process, and PGlite hands the notification to the listener while the writing
 *   statement's answer is being read, before the writer's own `await` returns. What is remembered is
 *   never older than the last change.
 * - PostgreSQL is shared with other instances; their changes reach this one through LISTEN on a
 *   connection of its own (lib/db/pg-change-listener.ts), a moment after they commit. That connection
 *   also sends itself a beat every quarter second, and PostgreSQL delivers notifications in commit
 *   order: a beat that came back proves every change committed before it was sent has been seen. An
 *   answer is served from memory only while the last beat that came back was sent under a second
 *   ago, so a lost, stalled or frozen connection (a serverless instance between invocations, a
 *   pooler that drops LISTEN) falls back to reading every time instead of serving stale answers. This
 *   process's own writes forget everything when each statement returns (read-your-writes within the
 *   instance, before the notification arrives).
 */
export const ACTOR_CHANNEL = 'tna_actor_change';
export const JOBS_CHANNEL = 'tna_jobs_change';
export const CHANNELS = [ACTOR_CHANNEL, JOBS_CHANNEL] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * What a scope may hold before it starts over, in units of its answers' weight (a caller is 1, a job
 * list page is its rows + 1), and how long any answer lives (bounds, not the rule: changes clear
 * them). The weight keeps a caller who asks for thousands of different pages from filling memory:
 * 20,000 job rows are a few tens of MB at most.
 */
const MAX_WEIGHT: Record<Channel, number> = { [ACTOR_CHANNEL]: 10_000, [JOBS_CHANNEL]: 20_000 };
const MAX_AGE_MS = 60_000;
/** On PostgreSQL, how old the last returned beat may be for memory to be served (beats go out every 250 ms). */
export const FRESH_MS = 1_000;

type Entry = { value: unknown; until: number; weight: number };
type Scope = { epoch: number; entries: Map<string, Entry>; weight: number };

export class ChangeWatch {
  private readonly scopes = new Map<Channel, Scope>(CHANNELS.map((c) => [c, { epoch: 0, entries: new Map(), weight: 0 }]));
  private lastBeat = 0;

  /** `beats`: whether memory is served only after a recent beat (PostgreSQL), or always (PGlite). */
  constructor(private readonly beats: boolean) {}

  /** Whether remembered answers may be served now. */
  fresh(now = Date.now()) {
    return !this.beats || now - this.lastBeat <= FRESH_MS;
  }

  /** A change was announced on `channel`. */
  changed(channel: string) {
    const scope = this.scopes.get(channel as Channel);
    if (scope) forget(scope);
  }

  /** This process wrote, or lost touch with the changes: nothing remembered may be kept. */
  forgetAll() {
    for (const scope of this.scopes.values()) forget(scope);
  }

  /** A beat sent at `sentAt` came back: every change committed before then has been announced here. */
  beat(sentAt: number) {
    if (sentAt > this.lastBeat) this.lastBeat = sentAt;
  }

  /** Whether every change committed before `time` (ms) has been announced here (tests wait on it). */
  caughtUpWith(time: number) {
    return !this.beats || this.lastBeat >= time;
  }

  /** The listening connection is gone: serve nothing from memory until beats come back. */
  lostTouch() {
    this.lastBeat = 0;
    this.forgetAll();
  }

  scope(channel: Channel) {
    return this.scopes.get(channel)!;
  }
}

function forget(scope: Scope) {
  scope.epoch++;
  scope.entries.clear();
  scope.weight = 0;
}

/**
 * `load`'s answer for `key` in `channel`'s scope, remembered until a change on that channel, `until`
 * (ms since the epoch) passes or a minute has gone by. Without a watch (a transaction's handle, a
 * PostgreSQL handle with LISTEN turned off) or while the watch is not fresh, it loads every time. A
 * null answer (nobody, or an ended session) is not remembered. An answer read while a change happened
 * is not remembered either: it may predate the change.
 */
export async function rememberWhileUnchanged<T>(
  watch: ChangeWatch | undefined,
  channel: Channel,
  key: string,
  load: () => Promise<{ value: T; until: number; weight?: number } | null>,
): Promise<T | null> {
  if (!watch?.fresh()) return (await load())?.value ?? null;
  const scope = watch.scope(channel);
  const hit = scope.entries.get(key);
  if (hit && hit.until > Date.now()) return hit.value as T;
  const epoch = scope.epoch;
  const loaded = await load();
  if (loaded && scope.epoch === epoch && watch.fresh()) {
    const weight = loaded.weight ?? 1;
    const replaced = scope.entries.get(key);
    if (replaced) scope.weight -= replaced.weight;
    if (scope.weight + weight > MAX_WEIGHT[channel]) {
      scope.entries.clear();
      scope.weight = 0;
    }
    scope.entries.set(key, { value: loaded.value, until: Math.min(loaded.until, Date.now() + MAX_AGE_MS), weight });
    scope.weight += weight;
  }
  return loaded?.value ?? null;
}
