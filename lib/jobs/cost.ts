/** What a job is charged for: its address rows, its add-on rows, and the cost they add up to. */
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { jobAddons, jobAddresses, jobs } from '@/lib/db/schema';
import { locate } from './geocode';
import { addonCostCents, addressCostCents, postingCostCents } from './pricing';
import { unprocessable } from '@/lib/errors';
import { addressKey, MESSAGES, type Addon, type Address } from './schemas';

/** A saved (or about to be saved) address row's place, compared as the list's own entries are (addressKey). */
export const placeKey = (row: { street1: string | null; city: string | null; state: string | null; postalCode: string | null }) =>
  addressKey({ ...row, postal_code: row.postalCode });

/**
 * Address rows of a list, placed on the map, each at the address price. The same place twice is
 * refused here too, after placing: the list's own check compares the entries as typed, and placing
 * fills a city and state in from a ZIP code, so "Dallas, TX 75201" and "75201" passed it and were
 * charged as two places (an accountant's review).
 */
export function addressRows(jobId: number, addresses: Address[]) {
  const rows = addresses.map((a, position) => {
    const placed = locate(a);
    // A place the gazetteer cannot find has no pin to check: it is the spec's invalid address.
    if (placed.problem) throw unprocessable(placed.problem === 'unknown' ? MESSAGES.invalidAddress : MESSAGES.placeMismatch, `addresses.${position}.address`);
    return {
      jobId,
      position,
      street1: placed.street1,
      city: placed.city,
      state: placed.state,
      postalCode: placed.postal_code ?? null,
      country: 'US',
      latitude: placed.latitude,
      longitude: placed.longitude,
      costCents: addressCostCents(),
    };
  });
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    if (seen.has(placeKey(row))) throw unprocessable(MESSAGES.duplicateAddress, `addresses.${i}.address`);
    seen.add(placeKey(row));
  });
  return rows;
}

/** Writes the add-on choices of a job in one statement (one row per type, insert or update; a list names a type once). */
export async function upsertAddons(db: Database, jobId: number, addons: Addon[]) {
  if (!addons.length) return;
  await db
    .insert(jobAddons)
    .values(addons.map((a) => ({ jobId, addonType: a.addon_type, subscribed: a.subscribed, externalUrl: a.external_url, costCents: addonCostCents(a.addon_type) })))
    .onConflictDoUpdate({
      target: [jobAddons.jobId, jobAddons.addonType],
      set: { subscribed: sql`excluded.subscribed`, externalUrl: sql`excluded.external_url`, costCents: sql`excluded.cost_cents`, updatedAt: new Date() },
    });
}

/** Recomputes a job's cost from its addresses and subscribed add-ons (the price table decides). */
export async function refreshCost(db: Database, jobId: number) {
  const [{ addresses }] = await db.select({ addresses: count() }).from(jobAddresses).where(eq(jobAddresses.jobId, jobId));
  const addons = await db.select({ addon_type: jobAddons.addonType, subscribed: jobAddons.subscribed }).from(jobAddons).where(eq(jobAddons.jobId, jobId));
  const costCents = postingCostCents(addresses, addons);
  await db.update(jobs).set({ costCents, updatedAt: new Date() }).where(eq(jobs.id, jobId));
  return costCents;
}
