import { addressKey } from '@/lib/jobs/address-key';
import type { DraftAddress } from '@/lib/jobs/draft';
import type { LivePaid } from './live-paid';

/** A chosen address's place as the server keys it (addressKey, lib/jobs/targeting.ts). */
export const placeOfDraft = (a: DraftAddress) => addressKey({ street1: a.address || null, city: a.city || null, state: a.state || null, postal_code: a.zipCode || null });

/** The places a new row of a live job may name at no charge, keyed as the server keys them. */
export const freePlacesOf = (live: LivePaid) => new Set([...live.paidPlaces.map(addressKey), ...live.releasedPlaces]);
