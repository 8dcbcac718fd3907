'use client';

import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '@/lib/api/client';

/**
 * Puts the API's field errors (422 `{errors:[{message, field}]}`) under the form's own fields.
 * Answers the message to show elsewhere (toast or alert) when no field took it.
 */
export function applyApiErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): string | null {
  return placeApiErrors(error, (field, message) => setError(field, { type: 'server', message }, { shouldFocus: true }), fields);
}

/** The same for any form: `place` puts one message under one field (lib/forms/use-light-form.ts's setError). */
export function placeApiErrors<F extends string>(error: unknown, place: (field: F, message: string) => void, fields: readonly F[]): string | null {
  if (error instanceof ApiError && error.errors.length) {
    const placed = error.errors.filter((e) => e.field && (fields as readonly string[]).includes(e.field));
    placed.forEach((e) => place(e.field as F, e.message));
    if (placed.length === error.errors.length) return null;
  }
  return errorMessage(error);
}
