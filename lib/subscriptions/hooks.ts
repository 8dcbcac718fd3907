'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { DriverWithSubscriptions, SubscriptionView } from './services';

export type { DriverWithSubscriptions, SubscriptionView };

export function useDriverSubscriptions(search: string, offset: number, limit: number) {
  return useQuery({
    queryKey: ['subscriptions', 'drivers', search, offset, limit],
    queryFn: () => api<DriverWithSubscriptions[]>(`/payment/driver/subscriptions/search?offset=${offset}&limit=${limit}`, { method: 'POST', body: { search } }),
    placeholderData: keepPreviousData,
  });
}

export function useCancelSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason_code, renewal_cancellation_reason }: { id: number; reason_code: number; renewal_cancellation_reason?: string }) =>
      (await api<SubscriptionView>(`/payment/driver/subscriptions/${id}/cancel`, { method: 'PATCH', body: { reason_code, renewal_cancellation_reason } })).data,
    onSettled: () => void qc.invalidateQueries({ queryKey: ['subscriptions'] }),
  });
}
