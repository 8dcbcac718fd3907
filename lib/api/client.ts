'use client';

import { getClientSession, signOutLocally } from '@/lib/auth/client-session';
import { hardNavigate } from '@/components/shell/navigate';
import { SESSION_EXPIRED } from '@/lib/auth/messages';
import { announceSignedOut, loginBackHere } from '@/lib/browser/session-channel';

/** Messages of the error catalogue (accounts spec §8). */
export const NETWORK_ERROR = 'There was a problem with communication';
export const SERVER_ERROR = 'Internal server error';

export class ApiError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly errors: { message: string; field?: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ApiResult<T> = { data: T; pagination?: { offset: number; limit: number; total: number; total_is_lower_bound?: boolean } };

type Options = { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> };

/**
 * The browser's call to /api/v1.0. The session cookie authenticates it. On 401 the session is
 * refreshed once (next-auth's jwt callback rotates the tokens) and the call retried; if it still
 * fails, the user is signed out to /login with the session-expired flag (spec §4).
 */
export async function api<T>(path: string, options: Options = {}): Promise<ApiResult<T>> {
  const first = await send(path, options);
  if (first.status !== 401 || onPublicPage()) return read<T>(first);
  const session = await getClientSession().catch(() => {
    throw new ApiError(NETWORK_ERROR, 0);
  });
  if (session && !session.error) {
    const retry = await send(path, options);
    if (retry.status !== 401) return read<T>(retry);
  }
  window.sessionStorage.setItem('unauthorized', '1');
  // Navigate ourselves: next-auth's redirect is built from NEXTAUTH_URL, which may name another host or port.
  await signOutLocally();
  announceSignedOut();
  // Back to this page after signing in again.
  hardNavigate(loginBackHere());
  throw new ApiError(SESSION_EXPIRED, 401);
}

function onPublicPage() {
  const p = window.location.pathname;
  return p === '/' || p === '/login' || p.startsWith('/signup');
}

/** The browser knows it has no network: say so at once instead of waiting for fetch to fail. */
export function isOffline() {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

async function send(path: string, { method = 'GET', body, signal, headers }: Options) {
  if (isOffline()) throw new ApiError(NETWORK_ERROR, 0);
  try {
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    return await fetch(path.startsWith('/api') ? path : `/api/v1.0${path}`, {
      method,
      signal,
      credentials: 'same-origin',
      headers: { ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR, 0);
  }
}

async function read<T>(res: Response): Promise<ApiResult<T>> {
  const json = await res.json().catch(() => undefined);
  if (res.ok) return json as ApiResult<T>;
  throw new ApiError(messageFor(res.status, json), res.status, json?.errors ?? []);
}

/** Toast message choice: 500+ gives 'Internal server error'; else errors[0].message, data.message, then a fallback. */
export function messageFor(status: number, json: unknown): string {
  if (status >= 500) return SERVER_ERROR;
  const body = json as { errors?: { message?: string }[]; data?: { message?: string }; message?: string } | undefined;
  return body?.errors?.[0]?.message || body?.data?.message || body?.message || 'Something went wrong. Please try again.';
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  // fetch rejects with a TypeError ('Failed to fetch', 'Load failed') when the network is gone.
  if (error instanceof TypeError || isOffline()) return NETWORK_ERROR;
  if (error instanceof Error) return error.message;
  return 'Something went wrong. Please try again.';
}
