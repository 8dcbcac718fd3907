import { notFound } from '@/lib/errors';

/** A path {id}: anything but a positive 32-bit integer names a record that does not exist. */
export function idParam(value: string | undefined, missing = 'Not found.'): number {
  const id = Number(value);
  if (!value || !/^\d{1,10}$/.test(value) || id <= 0 || id > 2_147_483_647) throw notFound(missing);
  return id;
}
