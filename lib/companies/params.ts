import { notFound } from '@/lib/errors';

/** The {id} of a company path; anything but a positive integer is a company that does not exist. */
export function companyIdParam(params: { id?: string }): number {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound('Company not found.');
  return id;
}
