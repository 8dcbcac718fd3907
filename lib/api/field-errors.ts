import { ApiError, errorMessage } from '@/lib/api/client';

/** An API failure split into messages under their fields and, when no field is named, one general message. */
export function splitApiErrors(error: unknown): { byField: Record<string, string>; general: string | null } {
  const list = error instanceof ApiError ? error.errors : [];
  const byField = Object.fromEntries(list.filter((x) => x.field).map((x) => [x.field!.split('.')[0], x.message]));
  return { byField, general: Object.keys(byField).length ? null : errorMessage(error) };
}
