import { z } from 'zod';
import { unprocessable } from '@/lib/errors';
import { consumeOrThrow, limiter } from '@/lib/rate-limit';
import { NonUsAddressError, searchPlaces } from './gazetteer';
import type { AddressSuggestion } from './types';

export const autocompleteQuerySchema = z.object({
  q: z.string().trim().max(200, 'Keep the search under 200 characters').default(''),
});

/** Typing with a 300 ms debounce sends a few calls a second at most; 120 a minute per address is generous. */
export async function autocomplete(q: string, ip: string): Promise<AddressSuggestion[]> {
  await consumeOrThrow(await limiter('geo-autocomplete', 120, 60), ip, 'Too many address searches. Please wait a moment.');
  if (q.length < 2) return [];
  try {
    return searchPlaces(q);
  } catch (error) {
    if (error instanceof NonUsAddressError) throw unprocessable(error.message, 'q');
    throw error;
  }
}
