import type { AddonType } from '@/lib/jobs/codes';
import { dueNowCents } from '@/lib/jobs/pricing';
import type { JobDetail } from '@/lib/jobs/serialize';
import type { FlowMode } from './flow';

/** A live job's addresses not paid for this period, and the add-ons paid for it. */
export type LivePaid = { unpaidAddresses: number; paidAddons: AddonType[] };

/** Editing a live (paid) job: what of it is paid for this period (undefined for a job never paid, or a new one). */
export function livePaid(mode: FlowMode, job?: JobDetail): LivePaid | undefined {
  if (mode !== 'edit' || !job || job.payment_status === 'pending') return undefined;
  return {
    unpaidAddresses: job.addresses.filter((a) => a.pending_payment).length,
    paidAddons: job.addons.filter((a) => a.paid_for_period).map((a) => a.addon_type),
  };
}

/** What the payment step would charge for a live job with these add-on choices (the add-ons step's Due now). */
export const dueNow = (live: LivePaid, addons: readonly { addon_type: AddonType; subscribed: boolean }[]) => dueNowCents(live.unpaidAddresses, addons, new Set(live.paidAddons));
