/** The company named in the address bar (`?company=12`), or null when absent or not an id. */
export function companyFromQuery(value: string | string[] | undefined): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  const id = Number(raw);
  return raw && /^\d{1,10}$/.test(raw) && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
