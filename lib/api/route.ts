import { readSessionCookie } from '@/lib/auth/session-cookie';
import type { NextRequest } from 'next/server';
import { z, ZodError, type ZodType } from 'zod';
import '@/lib/validation/messages';
import { API_ACCESS, allows, type ApiAccess } from '@/lib/access';
import { getDb, type Database } from '@/lib/db/client';
import { AppError, notFound } from '@/lib/errors';
import { clientAddress } from '@/lib/api/client-address';
import { guardInput } from './input-guard';
import { readJsonCapped } from './body';
import { listJson, type Pagination } from './list-json';
import { fingerprintOf, idempotencyKeyOf, runOnce } from './idempotency';
import { sqlErrorAnswer } from './sql-errors';
import { log, requestIdFrom, withRequest } from '@/lib/log';
import { actorFromClaims, type Actor } from '@/lib/auth/actor';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { recordImpersonatedAction } from '@/lib/auth/impersonation-audit';
import { ID_PARAMS, rowIdOf } from '@/lib/validation/row-id';
import { missingRowMessage } from '@/lib/api/missing-row';

export const MAX_JSON_BYTES = 1024 * 1024;

export type { Pagination } from './list-json';

const PAGINATED = Symbol('paginated');
const STATUS = Symbol('status');

/** A list answer: `{ data: items, pagination }`. */
export function paginated<T>(data: T[], pagination: Pagination) {
  return { [PAGINATED]: true, data, pagination } as const;
}

/** An answer with a status other than 200 (201 created, 202 accepted). */
export function withStatus<T>(status: number, data: T) {
  return { [STATUS]: status, data } as const;
}

type Ctx<B, Q, P> = {
  req: NextRequest;
  db: Database;
  actor: Actor | null;
  body: B;
  query: Q;
  params: P;
  ip: string;
  requestId: string;
  /** The raw bearer token (the refresh route reads the refresh token from it). */
  bearer?: string;
};

type Options<BS extends ZodType | undefined, QS extends ZodType | undefined, P> = {
  access: ApiAccess;
  body?: BS;
  query?: QS;
  /** Leave the body unread (multipart uploads, raw tokens). */
  rawBody?: boolean;
  /**
   * A route that creates: 'always' answers 201 with what the handler returns; 'when-new' means the
   * handler answers 201 itself when it created and 200 when the thing was there already. Both are
   * in the OpenAPI document's responses.
   */
  created?: 'always' | 'when-new';
  handler: (
    ctx: Ctx<BS extends ZodType ? z.infer<BS> : undefined, QS extends ZodType ? z.infer<QS> : undefined, P>,
  ) => Promise<unknown> | unknown;
};

type RouteContext = { params: Promise<any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- each route has its own params

export type RouteHandler = ((req: NextRequest, context: RouteContext) => Promise<Response>) & {
  access: ApiAccess;
  /** The schemas, for the OpenAPI document and the tests that inspect what a route accepts. */
  bodySchema?: ZodType;
  querySchema?: ZodType;
  created?: 'always' | 'when-new';
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The one wrapper for every handler under app/api/v1.0: resolves the caller, checks the role
 * table, parses query and body with zod, runs the service and maps every failure to an envelope.
 */
export function route<BS extends ZodType | undefined = undefined, QS extends ZodType | undefined = undefined, P = Record<string, string>>(
  options: Options<BS, QS, P>,
): RouteHandler {
  const handler = async (req: NextRequest, context: RouteContext) => {
    const requestId = requestIdFrom(req.headers.get('x-request-id'));
    const ip = clientIp(req);
    return withRequest({ requestId, ip: ip === 'unknown' ? null : ip }, () => run(req, context, requestId, ip));
  };
  const run = async (req: NextRequest, context: RouteContext, requestId: string, ip: string) => {
    try {
      const db = await getDb();
      const { actor, bearer } = await resolveActor(req, db);
      const guard = API_ACCESS[options.access];
      if (!allows(guard, actor?.roles, !!actor)) {
        throw actor ? new AppError(403, 'You do not have access to this resource.') : new AppError(401, 'Unauthorized');
      }
      // Every route's query string is checked, also where a handler reads it itself.
      const rawQuery = guardInput(Object.fromEntries(req.nextUrl.searchParams));
      const query = options.query ? parseWith(options.query, rawQuery) : undefined;
      let body: unknown;
      if (!options.rawBody && options.body) body = parseWith(options.body, guardInput(await readJsonCapped(req, MAX_JSON_BYTES, { blankAs: {} })));
      const params = guardInput((await context?.params) ?? {}) as P;
      refuseOddIds(params as Record<string, unknown>, req.nextUrl.pathname);
      const answer = async () => {
        const result = await options.handler({ req, db, actor, body, query, params, ip, requestId, bearer } as never);
        return toResponse(options.created === 'always' ? withStatus(201, result) : result, requestId);
      };
      // A POST with an Idempotency-Key runs once per caller and key (lib/api/idempotency.ts).
      const key = req.method === 'POST' && actor && !options.rawBody ? idempotencyKeyOf(req) : null;
      const response = key
        ? await runOnce(db, actor!.userId, key, fingerprintOf(req.method, req.nextUrl.pathname + req.nextUrl.search, body, actor!), answer, { 'x-request-id': requestId })
        : await answer();
      // A replayed answer did nothing this time: nothing to record.
      if (actor?.impersonatorId && UNSAFE.has(req.method) && response.ok && !response.headers.has('idempotent-replayed')) {
        await recordImpersonatedAction(db, actor, { method: req.method, path: req.nextUrl.pathname, status: response.status, ip });
      }
      return response;
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
  return Object.assign(handler, { access: options.access, bodySchema: options.body, querySchema: options.query, created: options.created });
}


/**
 * A path id that reads as a number but is not written as one (`0x1`, `1e0`, ` 1`, `1.0`, `+1`,
 * `01`), or past the id column's range, names nothing: 404. Routes parse ids with Number(), which
 * took `/jobs/0x1` for job 1 and `DELETE /news/channels/0x1` deactivated channel 1. Anything that
 * is not a number at all stays the route's to answer (its own 404).
 */
function refuseOddIds(params: Record<string, unknown>, pathname: string) {
  for (const name of ID_PARAMS) {
    const value = params[name];
    if (typeof value !== 'string' || Number.isNaN(Number(value))) continue;
    if (rowIdOf(value) === null) throw notFound(missingRowMessage(pathname, encodeURIComponent(value)));
  }
}

function parseWith<S extends ZodType>(schema: S, input: unknown): z.infer<S> {
  return schema.parse(input);
}

/** The caller's address for rate limits: forwarding headers count only from our own proxies (lib/api/client-address.ts). */
export function clientIp(req: Request) {
  return clientAddress((name) => req.headers.get(name));
}

async function resolveActor(req: NextRequest, db: Database): Promise<{ actor: Actor | null; bearer?: string }> {
  const header = req.headers.get('authorization');
  if (header?.toLowerCase().startsWith('bearer ')) {
    const bearer = header.slice(7).trim();
    const claims = await verifyAccessToken(bearer);
    return { actor: claims ? await actorFromClaims(db, claims) : null, bearer };
  }
  const session = await readSessionCookie(req);
  if (!session?.accessToken) return { actor: null };
  // A cookie can be sent by another site's form: unsafe methods must come from our own origin.
  if (UNSAFE.has(req.method) && !sameOrigin(req)) throw new AppError(403, 'Cross-origin request refused.');
  const claims = await verifyAccessToken(session.accessToken as string);
  return { actor: claims ? await actorFromClaims(db, claims) : null };
}

/** Whether an unsafe cookie-authenticated request comes from our own origin (CSRF). */
export function sameOrigin(req: NextRequest) {
  const origin = req.headers.get('origin');
  if (!origin) return false;
  const host = req.headers.get('x-forwarded-host') || req.headers.get('host');
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

function toResponse(result: unknown, requestId: string): Response {
  if (result instanceof Response) return result;
  const headers = { 'x-request-id': requestId, 'cache-control': 'no-store' };
  if (result && typeof result === 'object' && PAGINATED in result) {
    const r = result as unknown as { data: unknown[]; pagination: Pagination };
    return new Response(listJson(r.data, r.pagination), { headers: { ...headers, 'content-type': 'application/json' } });
  }
  if (result && typeof result === 'object' && STATUS in result) {
    const r = result as unknown as { [STATUS]: number; data: unknown };
    return Response.json({ data: r.data ?? null }, { status: r[STATUS], headers });
  }
  return Response.json({ data: result ?? null }, { headers });
}

function clientWentAway(error: unknown) {
  return error instanceof Error && error.message === 'aborted' && (error as { code?: string }).code === 'ECONNRESET';
}

export type ErrorBody = { errors: { message: string; field?: string }[] };

export function errorResponse(error: unknown, requestId: string): Response {
  const headers: Record<string, string> = { 'x-request-id': requestId, 'cache-control': 'no-store' };
  if (error instanceof AppError) {
    // RFC 6750: a 401 names the scheme the API takes.
    if (error.status === 401) headers['www-authenticate'] = 'Bearer';
    Object.assign(headers, error.headers);
    return Response.json({ errors: [{ message: error.message, ...(error.field ? { field: error.field } : {}) }] }, { status: error.status, headers });
  }
  if (error instanceof ZodError) {
    const errors = error.issues.map((issue) => {
      // An unknown field is named as the field at fault, as every other refusal names its field.
      const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]] : issue.path;
      return { message: issue.message, ...(path.length ? { field: path.join('.') } : {}) };
    });
    return Response.json({ errors }, { status: 422, headers });
  }
  const refused = sqlErrorAnswer(error);
  if (refused) return Response.json({ errors: [{ message: refused.message }] }, { status: refused.status, headers });
  // The client hung up while its body was still arriving (node's 'aborted'): nobody reads this
  // answer, and it is not the server's failure, so it is no error in the log either.
  if (clientWentAway(error)) {
    log.info('The client closed the connection before its request body arrived');
    return Response.json({ errors: [{ message: 'The request was cut off before its body arrived.' }] }, { status: 400, headers });
  }
  log.error('Unhandled error in an API handler', { error });
  return Response.json({ errors: [{ message: 'Internal server error' }] }, { status: 500, headers });
}
