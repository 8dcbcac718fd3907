import { PRICES_CENTS, type AddonType } from './codes';

/** Named pricing rules over THE price table (lib/jobs/codes.ts PRICES_CENTS). */
export const addressCostCents = () => PRICES_CENTS.address;
export const addonCostCents = (type: AddonType) => PRICES_CENTS[type];

/** One posting period: every targeting address plus every subscribed add-on. */
export function postingCostCents(addressCount: number, addons: readonly { addon_type: AddonType; subscribed: boolean }[]) {
  return addressCount * addressCostCents() + addons.filter((a) => a.subscribed).reduce((sum, a) => sum + addonCostCents(a.addon_type), 0);
}

/**
 * What a live job's change costs now (the payments 'addons' order, lib/payments/jobs-port.ts
 * pendingLines): the addresses not paid for this period, and each chosen add-on not paid for it.
 * What was paid stays paid until the period ends, so it is not in this sum.
 */
export function dueNowCents(unpaidAddressCount: number, addons: readonly { addon_type: AddonType; subscribed: boolean }[], paidAddons: ReadonlySet<AddonType>) {
  return postingCostCents(unpaidAddressCount, addons.filter((a) => !paidAddons.has(a.addon_type)));
}
