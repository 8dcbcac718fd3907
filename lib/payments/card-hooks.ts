'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { paymentKeys } from './hooks';
import type { CardView } from './payment-methods';

/** The company's saved card (Settings › Payment). */
export function useCompanyCard() {
  return useQuery({ queryKey: paymentKeys.card, queryFn: async () => (await api<CardView | null>('/payment/company/billing')).data });
}

export function useSaveCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { card_token: string; card_holder_name: string; card_type?: string; masked_number?: string; expiration_date?: string }) =>
      (await api<CardView>('/payment/company/billing', { method: 'POST', body })).data,
    onSuccess: (card) => qc.setQueryData(paymentKeys.card, card),
  });
}
