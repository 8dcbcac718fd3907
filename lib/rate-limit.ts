import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { config } from '@/lib/config';
import { tooManyRequests } from '@/lib/errors';
import { limitKey } from '@/lib/api/limit-key';

const globalForLimits = globalThis as unknown as { __tnaLimiters?: Map<string, RateLimiterAbstract>; __tnaRedis?: unknown };

/**
 * The shared Redis client, once connected. Commands are not queued while offline (a Redis outage
 * must not hold sign-ins up: the limiters fall back to memory), so a client used before its
 * connection is ready would send the process's first attempts to the in-memory insurance limiter,
 * where another instance cannot see them. The first caller waits for 'ready', at most 2 s.
 */
function redisClient() {
  globalForLimits.__tnaRedis ??= (async () => {
    const { default: Redis } = await import('ioredis');
    const client = new Redis(config.redisUrl!, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      client.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    return client;
  })();
  return globalForLimits.__tnaRedis as Promise<unknown>;
}

/** A named limiter: in memory by default, shared through Redis when REDIS_URL is set. */
export async function limiter(name: string, points: number, durationSeconds: number): Promise<RateLimiterAbstract> {
  globalForLimits.__tnaLimiters ??= new Map();
  const existing = globalForLimits.__tnaLimiters.get(name);
  if (existing) return existing;
  const options = { keyPrefix: `tna:${name}`, points, duration: durationSeconds };
  const created = keyedByNetwork(
    config.redisUrl
      ? new RateLimiterRedis({ ...options, storeClient: await redisClient(), insuranceLimiter: new RateLimiterMemory(options) })
      : new RateLimiterMemory(options),
  );
  globalForLimits.__tnaLimiters.set(name, created);
  return created;
}

/** The limiter's methods whose first argument is the key. */
const KEYED_METHODS = new Set<PropertyKey>(['consume', 'reward', 'penalty', 'get', 'set', 'block', 'delete']);

/**
 * Every key a limiter sees goes through limitKey (an IPv6 client counts by its /64), in every
 * method, so a point taken and a point given back always land on the same key.
 */
function keyedByNetwork(l: RateLimiterAbstract): RateLimiterAbstract {
  return new Proxy(l, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (!KEYED_METHODS.has(prop)) return value.bind(target);
      return (key: string | number, ...rest: unknown[]) => value.call(target, typeof key === 'string' ? limitKey(key) : key, ...rest);
    },
  });
}

/** How long until a limit lets the key go on, in words: 'a minute', '12 minutes', '1 hour'. */
export function waitInWords(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 1) return 'a minute';
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/**
 * Consumes `points` (one unless told) or throws 429 with Retry-After; `message` may say how long to
 * wait (a function of the seconds left). Points refused are given back, so a large request turned
 * away does not use up what smaller ones may still take.
 */
export async function consumeOrThrow(
  l: RateLimiterAbstract,
  key: string,
  message: string | ((waitSeconds: number) => string) = 'Too many requests. Please try again later.',
  points = 1,
) {
  const { ok, res } = await takePoint(l, key, points);
  if (ok) return;
  await l.reward(key, points);
  const seconds = res.msBeforeNext / 1000;
  throw tooManyRequests(typeof message === 'string' ? message : message(seconds), seconds);
}

/** One point taken (ok), or refused because the key had used all its points; `res` says how long to wait. */
export async function takePoint(l: RateLimiterAbstract, key: string, points = 1): Promise<{ ok: boolean; res: RateLimiterRes }> {
  try {
    return { ok: true, res: await l.consume(key, points) };
  } catch (error) {
    if (error instanceof RateLimiterRes) return { ok: false, res: error };
    throw error;
  }
}

/** Whether the key may go on (one point taken); false past the limit, for work that is skipped rather than refused. */
export async function tryConsume(l: RateLimiterAbstract, key: string): Promise<boolean> {
  return (await takePoint(l, key)).ok;
}

/** Forget every limiter (tests). */
export function resetLimiters() {
  globalForLimits.__tnaLimiters?.clear();
}
