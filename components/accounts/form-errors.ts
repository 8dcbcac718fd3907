'use client';

import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '@/lib/api/client';

/**
 * Puts the API's field errors (422 `{errors:[{message, field}]}`) under the form's own fields.
 * Answers the message to show elsewhere (toast or alert) when no field took it.
 */
export function applyApiErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): string | null {
  if (error instanceof ApiError && error.errors.length) {
    const placed = error.errors.filter((e) => e.field && (fields as readonly string[]).includes(e.field));
    placed.forEach((e) => setError(e.field as Path<T>, { type: 'server', message: e.message }, { shouldFocus: true }));
    if (placed.length === error.errors.length) return null;
  }
  return errorMessage(error);
}
