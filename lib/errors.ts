/** The one error type services throw; the API wrapper turns it into `{errors:[{message, field?}]}`. */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly field?: string,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, field?: string) => new AppError(400, message, field);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, message);
export const forbidden = (message = 'You do not have access to this resource.') => new AppError(403, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string, field?: string) => new AppError(409, message, field);
export const unprocessable = (message: string, field?: string) => new AppError(422, message, field);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** SQLSTATE of a PostgreSQL error, through drizzle's wrapper when present (node-postgres and PGlite alike). */
export function sqlState(error: unknown): string | undefined {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}
