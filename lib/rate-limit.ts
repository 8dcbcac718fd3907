import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { config } from '@/lib/config';
import { tooManyRequests } from '@/lib/errors';

const globalForLimits = globalThis as unknown as { __tnaLimiters?: Map<string, RateLimiterAbstract>; __tnaRedis?: unknown };

async function redisClient() {
  if (!globalForLimits.__tnaRedis) {
    const { default: Redis } = await import('ioredis');
    globalForLimits.__tnaRedis = new Redis(config.redisUrl!, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  }
  return globalForLimits.__tnaRedis;
}

/** A named limiter: in memory by default, shared through Redis when REDIS_URL is set. */
export async function limiter(name: string, points: number, durationSeconds: number): Promise<RateLimiterAbstract> {
  globalForLimits.__tnaLimiters ??= new Map();
  const existing = globalForLimits.__tnaLimiters.get(name);
  if (existing) return existing;
  const options = { keyPrefix: `tna:${name}`, points, duration: durationSeconds };
  const created = config.redisUrl
    ? new RateLimiterRedis({ ...options, storeClient: await redisClient(), insuranceLimiter: new RateLimiterMemory(options) })
    : new RateLimiterMemory(options);
  globalForLimits.__tnaLimiters.set(name, created);
  return created;
}

/** Consumes one point or throws 429 with Retry-After. */
export async function consumeOrThrow(l: RateLimiterAbstract, key: string, message = 'Too many requests. Please try again later.') {
  try {
    await l.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooManyRequests(message, error.msBeforeNext / 1000);
    throw error;
  }
}

/** Throws 429 when the key has already used all its points, without consuming one. */
export async function assertNotLimited(l: RateLimiterAbstract, key: string, message: string) {
  const res = await l.get(key);
  if (res && res.consumedPoints >= l.points) throw tooManyRequests(message, res.msBeforeNext / 1000);
}

/** Forget every limiter (tests). */
export function resetLimiters() {
  globalForLimits.__tnaLimiters?.clear();
}
