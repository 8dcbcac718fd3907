'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { PaymentSummary } from './summary';
import type { PayCardInput } from './schemas';

/**
 * React Query hooks of the payments API; keys start with 'payments'. The checkout's own here; the
 * saved card's in ./card-hooks.ts, the invoice lists' in ./invoice-hooks.ts, so a payment page does not
 * ship the others.
 */
export const paymentKeys = {
  card: ['payments', 'card'] as const,
  invoices: (status: 'all' | 'paid', offset: number, limit: number) => ['payments', 'invoices', { status, offset, limit }] as const,
  summary: (jobId: number, action = 'new_job') => ['payments', 'summary', jobId, action] as const,
};

/**
 * The order a payment step shows. It is a quote: read afresh each time a payment step opens, never
 * kept from an earlier visit (going Back to add an add-on and returning showed the old total, and
 * the charge was then refused for a change "made meanwhile").
 */
export function usePaymentSummary(jobId: number | null, action: 'new_job' | 'addons' | 'renewal' = 'new_job', enabled = true) {
  return useQuery({
    queryKey: paymentKeys.summary(jobId ?? 0, action),
    enabled: !!jobId && enabled,
    gcTime: 0,
    queryFn: async () => (await api<PaymentSummary>(`/payment/company/invoice/summary?job_id=${jobId}&action=${action}`)).data,
  });
}

/** Pays the unpaid add-ons of a live job, or renews it (30 more days). */
export function usePayJob(kind: 'addons' | 'renewal') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { job_id: number; expected_total_cents?: number } & PayCardInput) =>
      (await api<ChargeAnswer>(kind === 'addons' ? '/payment/employer/job/addons' : '/payment/invoice/renewal', { method: 'POST', body })).data,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['payments'] });
      void qc.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
}

/** An admin boosts a job without payment. */
export type ChargeAnswer = { message: string; job_updated: boolean; already_paid: boolean; invoice_id: number; invoice_number: string; status: string; amount: number; job_id: number };

export function useChargeJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { secret_token: string; action_type: 'new_job'; multimediaUploadFailed?: boolean; expected_total_cents?: number } & PayCardInput) =>
      (await api<ChargeAnswer>('/payment/company/invoice/charge', { method: 'POST', body })).data,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: ['payments'] });
      void qc.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
}
