'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { CardView } from './payment-methods';
import type { InvoiceView } from './invoices';
import type { PaymentSummary } from './summary';
import type { PayCardInput } from './schemas';

/** React Query hooks of the payments API; keys start with 'payments'. */
export const paymentKeys = {
  card: ['payments', 'card'] as const,
  invoices: (status: 'all' | 'paid', offset: number, limit: number) => ['payments', 'invoices', { status, offset, limit }] as const,
  summary: (jobId: number, action = 'new_job') => ['payments', 'summary', jobId, action] as const,
};

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

export function useInvoices(status: 'all' | 'paid', offset: number, limit = 10) {
  return useQuery({
    queryKey: paymentKeys.invoices(status, offset, limit),
    queryFn: () => api<InvoiceView[]>(`/payment/company/invoice?status=${status}&offset=${offset}&limit=${limit}`),
    placeholderData: (prev) => prev,
  });
}

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

/** Downloads an order's PDF receipt (POST answers the file). */
/** Downloads an order's PDF: its receipt, or its invoice for invoice-billed orders. */
export async function downloadReceipt(invoiceId: number, number: string, kind: 'receipt' | 'invoice' = 'receipt') {
  const res = await fetch('/api/v1.0/payment/company/billing/payment-receipt', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ invoiceId }),
  });
  if (!res.ok) {
    const json = await res.json().catch(() => null);
    throw new Error(json?.errors?.[0]?.message || `The ${kind} could not be downloaded.`);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${kind}-${number}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** An invoice as the admins' list shows it: the billing history entry plus its company. */
export type AdminInvoiceView = InvoiceView & { company: { id: number; name: string } };

export function useAdminInvoices(state: 'due' | 'paid' | 'all', offset: number, limit = 20) {
  return useQuery({
    queryKey: ['payments', 'admin-invoices', { state, offset, limit }],
    queryFn: () => api<AdminInvoiceView[]>(`/admin/invoices?state=${state}&offset=${offset}&limit=${limit}`),
    placeholderData: (prev) => prev,
  });
}

/** An admin records that a due invoice was paid; every invoice list is read again. */
export function useMarkInvoicePaid() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (invoiceId: number) => (await api<InvoiceView>(`/admin/invoices/${invoiceId}/mark-paid`, { method: 'POST', body: {} })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['payments'] }),
  });
}
