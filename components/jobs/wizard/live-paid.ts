import type { PlaceLines } from '@/lib/jobs/address-key';
import type { AddonType } from '@/lib/jobs/codes';
import { dueNowCents } from '@/lib/jobs/pricing';
import type { JobDetail } from '@/lib/jobs/serialize';
import type { FlowMode } from './flow';

/**
 * A live job's addresses not paid for this period, the add-ons paid for it, and the places an
 * address may name at no charge: its saved paid ones (picked again, the server keeps the paid row)
 * and those taken off within the period they were paid for (put back, the server restores them
 * free: JobDetail.released_places, keyed). The address step keys them (./free-places.ts, loaded
 * when there are some: the keying would add to every wizard page's first load).
 */
export type LivePaid = { unpaidAddresses: number; paidAddons: AddonType[]; paidPlaces: PlaceLines[]; releasedPlaces: string[] };

/** Editing a live (paid) job: what of it is paid for this period (undefined for a job never paid, or a new one). */
export function livePaid(mode: FlowMode, job?: JobDetail): LivePaid | undefined {
  if (mode !== 'edit' || !job || job.payment_status === 'pending') return undefined;
  return {
    unpaidAddresses: job.addresses.filter((a) => a.pending_payment).length,
    paidAddons: job.addons.filter((a) => a.paid_for_period).map((a) => a.addon_type),
    paidPlaces: job.addresses.filter((a) => !a.pending_payment).map((a) => ({ street1: a.street1, city: a.city, state: a.state, postal_code: a.postal_code })),
    releasedPlaces: job.released_places,
  };
}

/** What the payment step would charge for a live job with these add-on choices (the add-ons step's Due now). */
export const dueNow = (live: LivePaid, addons: readonly { addon_type: AddonType; subscribed: boolean }[]) => dueNowCents(live.unpaidAddresses, addons, new Set(live.paidAddons));
