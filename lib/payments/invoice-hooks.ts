'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { paymentKeys } from './hooks';
import type { InvoiceView } from './invoices';

/** The company's billing history and the admins' invoice list (React Query; keys start with 'payments'). */
export function useInvoices(status: 'all' | 'paid', offset: number, limit = 10) {
  return useQuery({
    queryKey: paymentKeys.invoices(status, offset, limit),
    queryFn: () => api<InvoiceView[]>(`/payment/company/invoice?status=${status}&offset=${offset}&limit=${limit}`),
    placeholderData: (prev) => prev,
  });
}

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
