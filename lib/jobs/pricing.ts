import { PRICES_CENTS, type AddonType } from './codes';

/** Named pricing rules over THE price table (lib/jobs/codes.ts PRICES_CENTS). */
export const addressCostCents = () => PRICES_CENTS.address;
export const addonCostCents = (type: AddonType) => PRICES_CENTS[type];

/** One posting period: every targeting address plus every subscribed add-on. */
export function postingCostCents(addressCount: number, addons: readonly { addon_type: AddonType; subscribed: boolean }[]) {
  return addressCount * addressCostCents() + addons.filter((a) => a.subscribed).reduce((sum, a) => sum + addonCostCents(a.addon_type), 0);
}
