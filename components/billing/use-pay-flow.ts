'use client';

import { useRef, useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api/client';
import { useToast } from '@/components/ui/toast';
import type { PayCardInput } from '@/lib/payments/schemas';
import type { CardPickerHandle } from './card-picker';

/** The charge was refused because the order no longer comes to the total shown (lib/payments/job-payments.ts). */
const amountChanged = (error: unknown) => error instanceof ApiError && error.status === 409 && error.errors.some((e) => e.field === 'expected_total_cents');

/**
 * One Pay click: the card (none for invoice billing or the saved card; a new card is its token and
 * what the hosted fields showed of it, sent with the charge), then the charge.
 * A second click while one is running does nothing; card problems stay in the card form, the
 * API's refusal comes back as `failure`. When the order changed since it was shown, `reload` reads
 * it again, so the screen shows what a second click would pay.
 */
export function usePayFlow(reload?: () => unknown) {
  const picker = useRef<CardPickerHandle>(null);
  const inFlight = useRef(false);
  const [tokenizing, setTokenizing] = useState(false);
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();

  async function run<T>(invoiced: boolean, charge: (card: PayCardInput | undefined) => Promise<T>): Promise<T | null> {
    if (inFlight.current) return null;
    inFlight.current = true;
    setFailure(null);
    try {
      let card: PayCardInput | undefined;
      if (!invoiced) {
        setTokenizing(true);
        try {
          card = await picker.current!.card();
        } catch {
          return null;
        } finally {
          setTokenizing(false);
        }
      }
      setPaying(true);
      return await charge(card);
    } catch (error) {
      const message = errorMessage(error);
      setFailure(message);
      toast.show('error', message);
      if (amountChanged(error)) reload?.();
      return null;
    } finally {
      setPaying(false);
      inFlight.current = false;
    }
  }

  return { picker, busy: tokenizing || paying, failure, run };
}
