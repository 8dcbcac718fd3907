/** `total_is_lower_bound`: the count stopped at its cap (lib/db/count.ts), so at least `total` rows match. */
export type Pagination = { offset: number; limit: number; total: number; total_is_lower_bound?: boolean };

/**
 * The JSON of a list's page, `{"data":[…],"pagination":{…}}`, exactly as `JSON.stringify` writes it.
 *
 * A frozen list is serialized once: a remembered page (lib/jobs/search.ts) is the same frozen array
 * on every call until its rows or the clock change it, and writing its 5 kB of JSON again was the
 * largest piece of a `POST /jobs/search` that ran no statement (issue 16, docs/benchmarks.md). A
 * list that is not frozen is written each time, as it may change between calls.
 */
export function listJson(data: readonly unknown[], pagination: Pagination): string {
  return `{"data":${dataJson(data)},"pagination":${JSON.stringify(pagination)}}`;
}

const written = new WeakMap<readonly unknown[], string>();

function dataJson(data: readonly unknown[]): string {
  if (!Object.isFrozen(data)) return JSON.stringify(data);
  let json = written.get(data);
  if (json === undefined) {
    json = JSON.stringify(data);
    written.set(data, json);
  }
  return json;
}
