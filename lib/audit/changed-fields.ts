/** Two stored values are the same: null and undefined alike, dates by their time, arrays element by element. */
function same(a: unknown, b: unknown): boolean {
  if (a == null || b == null) return a == null && b == null;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  return a === b;
}

/**
 * The API names of the fields a patch really changes against the stored row. Audit entries name
 * these (docs/admin.md: "with the fields changed"): the edit forms send every field, so naming what
 * was sent said every field changed.
 */
export function changedFields<K extends string>(patch: { [P in NoInfer<K>]?: unknown }, current: { [P in NoInfer<K>]?: unknown }, apiNames: { [P in K]: string }): string[] {
  return (Object.keys(apiNames) as K[]).filter((k) => patch[k] !== undefined && !same(patch[k], current[k])).map((k) => apiNames[k]);
}
