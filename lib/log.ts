import { AsyncLocalStorage } from 'node:async_hooks';

/*
 * Server logs as one JSON object a line, each carrying the request id the client saw in the
 * x-request-id header, so a user's report ("request 3f2c… failed") leads to its lines. The id
 * travels through AsyncLocalStorage: code deep in a service logs without passing it along.
 */

/*
 * The same context carries the caller's address, so an audit entry written deep in a service
 * records where the request came from without every service passing it (lib/audit recordAudit).
 */
type Context = { requestId: string; ip: string | null };
const context = new AsyncLocalStorage<Context>();

const ID = /^[A-Za-z0-9._-]{8,100}$/;

/** The caller's x-request-id when it looks like one (a proxy of ours may set it), else a new one. */
export function requestIdFrom(header: string | null | undefined): string {
  return header && ID.test(header) ? header : crypto.randomUUID();
}

export function withRequest<T>(request: Context, run: () => T): T {
  return context.run(request, run);
}

export const currentRequestId = () => context.getStore()?.requestId;
/** The address of the API request being answered (lib/api/route.ts clientIp), or null. */
export const currentRequestIp = () => context.getStore()?.ip ?? null;

type Level = 'info' | 'warn' | 'error';

function serialize(value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack, ...(value.cause ? { cause: serialize(value.cause) } : {}) };
  }
  return value;
}

function write(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  const line: Record<string, unknown> = { time: new Date().toISOString(), level, msg };
  const requestId = currentRequestId();
  if (requestId) line.requestId = requestId;
  for (const [key, value] of Object.entries(fields)) line[key] = serialize(value);
  let text: string;
  try {
    text = JSON.stringify(line);
  } catch {
    text = JSON.stringify({ time: line.time, level, msg, requestId, note: 'fields not serializable' });
  }
  (level === 'info' ? process.stdout : process.stderr).write(`${text}\n`);
}

export const log = {
  info: (msg: string, fields?: Record<string, unknown>) => write('info', msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write('warn', msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write('error', msg, fields),
};
