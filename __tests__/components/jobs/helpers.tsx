import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ToastProvider } from '@/components/ui/toast';

/** Renders inside the app's providers (React Query as the app sets it, without retries; toasts). */
export function renderWithProviders(ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } } });
  return { client, ...render(<QueryClientProvider client={client}><ToastProvider>{ui}</ToastProvider></QueryClientProvider>) };
}

/** A serialized editor state with one paragraph of text. */
export function editorJson(text: string) {
  return JSON.stringify({
    root: { type: 'root', version: 1, children: [{ type: 'paragraph', version: 1, children: text ? [{ type: 'text', version: 1, text, format: 0 }] : [] }] },
  });
}

/** What GET /payment/company/invoice/summary answers for a card-billed company with a saved Visa. */
export function paymentSummary(over: Record<string, unknown> = {}) {
  return {
    job_id: 7,
    action: 'new_job',
    expiration_date: null as string | null,
    title: 'Dry Van Driver',
    secret_token: 'tok-123456789',
    paid: false,
    payment_status: 'pending',
    billing_type: 'CELERO',
    lines: [{ description: 'Job posting: Dallas, TX', kind: 'posting', amount: 150, amount_cents: 15000 }],
    total: 150,
    total_cents: 15000,
    card: { card_type: 'Visa', masked_number: '************1111', expiration_date: '12/34', card_holder_name: 'Emma Recruiter' },
    hosted_fields_url: '/sandbox-gateway/hosted-fields',
    ...over,
  };
}
