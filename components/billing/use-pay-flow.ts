'use client';

import { useRef, useState } from 'react';
import { errorMessage } from '@/lib/api/client';
import { useToast } from '@/components/ui/toast';
import type { CardPickerHandle } from './card-picker';

/**
 * One Pay click: the card token (none for invoice billing or the saved card), then the charge.
 * A second click while one is running does nothing; card problems stay in the card form, the
 * API's refusal comes back as `failure`.
 */
export function usePayFlow() {
  const picker = useRef<CardPickerHandle>(null);
  const inFlight = useRef(false);
  const [tokenizing, setTokenizing] = useState(false);
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();

  async function run(invoiced: boolean, charge: (cardToken: string | undefined) => Promise<unknown>): Promise<boolean> {
    if (inFlight.current) return false;
    inFlight.current = true;
    setFailure(null);
    try {
      let cardToken: string | undefined;
      if (!invoiced) {
        setTokenizing(true);
        try {
          cardToken = await picker.current!.cardToken();
        } catch {
          return false;
        } finally {
          setTokenizing(false);
        }
      }
      setPaying(true);
      await charge(cardToken);
      return true;
    } catch (error) {
      const message = errorMessage(error);
      setFailure(message);
      toast.show('error', message);
      return false;
    } finally {
      setPaying(false);
      inFlight.current = false;
    }
  }

  return { picker, busy: tokenizing || paying, failure, run };
}
