import type { PGlite } from '@electric-sql/pglite';

/**
 * Named prepared statements on PGlite (issue 16). PGlite's own `query` parses and plans its text on
 * every call, through an unnamed statement; in the embedded database planning the job list took
 * 1.8 ms of its 2.7 ms (`explain analyze`), on the same event loop as the requests. Here a statement
 * is parsed once per PGlite instance under its name, then each call only binds and executes it, as
 * node-postgres does with `{ name, text }` on PostgreSQL. The messages are PGlite's own protocol
 * serializer and result parser, under the same two locks as its `query`, so a call never runs inside
 * another caller's transaction.
 */
const globalForParsed = globalThis as unknown as { __tnaPgliteParsed?: WeakMap<PGlite, Set<string>> };
// On globalThis: each server bundle has its own copy of this module, all over one PGlite instance.
const parsedBy = (globalForParsed.__tnaPgliteParsed ??= new WeakMap());

/** A parameter in the text format the server parses (what node-postgres sends for the same values). */
function asText(value: unknown): string | Uint8Array | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export async function pgliteQueryPrepared<T>(client: PGlite, name: string, text: string, params: unknown[]): Promise<T[]> {
  const { protocol, parse } = await import('@electric-sql/pglite');
  const { serialize } = protocol;
  const known = parsedBy.get(client) ?? new Set<string>();
  parsedBy.set(client, known);
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      // The whole exchange in one call into the database, as a client on a socket sends it (each
      // call is a trip into WebAssembly and a parse of its answer): parse the first time, bind,
      // describe, execute, sync. After an error the server skips to the sync, which ends it.
      const first = !known.has(name);
      const parts = [
        ...(first ? [serialize.parse({ name, text })] : []),
        serialize.bind({ statement: name, values: params.map(asText) }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ];
      const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      parts.reduce((at, p) => (message.set(p, at), at + p.length), 0);
      const { messages } = await client.execProtocol(message, { syncToFs: false, throwOnError: false });
      if (first && messages.some((m) => m.name === 'parseComplete')) known.add(name);
      const failure = messages.find((m) => m.name === 'error');
      if (failure) throw failure;
      await client.syncToFs();
      return (parse.parseResults(messages, client.parsers)[0]?.rows ?? []) as T[];
    }),
  );
}
