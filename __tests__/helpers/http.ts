import { NextRequest } from 'next/server';
import type { RouteHandler } from '@/lib/api/route';
import { getDb } from '@/lib/db/client';
import { login } from '@/lib/auth/login';
import { DEMO_PASSWORD } from '@/lib/db/seed/accounts';

export type CallOptions = {
  method?: string;
  url?: string;
  body?: unknown;
  rawBody?: string | FormData;
  token?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  query?: Record<string, string | number>;
};

/** Calls an exported route handler with a real Request, as Next does. */
export async function call(handler: RouteHandler | ((req: NextRequest, ctx: never) => Promise<Response>), options: CallOptions = {}) {
  const url = new URL(options.url ?? 'http://localhost:3000/api/v1.0/test');
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v));
  const headers = new Headers(options.headers);
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  let body: BodyInit | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set('content-type', 'application/json');
  }
  const req = new NextRequest(url, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body });
  const res = await (handler as (req: NextRequest, ctx: unknown) => Promise<Response>)(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  let json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** Signs a user in through the real login service and answers their access token. */
export async function tokenFor(email: string, password = DEMO_PASSWORD) {
  const res = await login(await getDb(), { email, password }, { ip: `10.${Math.floor(Math.random() * 250)}.0.1` });
  return res.accessToken;
}
