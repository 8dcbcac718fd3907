import { ApiError, errorMessage } from '@/lib/api/client';

/** The API's errors by field (the zod messages of the operation's one schema); `form` for the rest. */
export function errorsByField(error: unknown): Record<string, string> {
  if (error instanceof ApiError && error.errors.length) {
    const out: Record<string, string> = {};
    for (const e of error.errors) out[e.field ?? 'form'] ??= e.message;
    return out;
  }
  return { form: errorMessage(error) };
}
