/**
 * Code lists (a value and its label) and their helpers, apart from the lists themselves
 * (lib/jobs/codes.ts), so a screen that needs one small list does not ship them all.
 */

type CodeList<K extends string> = readonly { readonly value: K; readonly label: string }[];

export function codeList<const T extends readonly { value: string; label: string }[]>(items: T) {
  return items as T & CodeList<T[number]['value']>;
}

/** The values of a code list as a non-empty tuple (what pgEnum and z.enum want). */
export function valuesOf<T extends { value: string }>(list: readonly T[]) {
  return list.map((i) => i.value) as [T['value'], ...T['value'][]];
}

/** The label of a code, or the code itself when unknown. */
export function labelOf<T extends { value: string; label: string }>(list: readonly T[], value: string | null | undefined) {
  if (value == null) return '';
  return list.find((i) => i.value === value)?.label ?? value;
}

