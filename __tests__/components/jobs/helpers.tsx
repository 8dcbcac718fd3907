import type { JobDetail } from '@/lib/jobs/serialize';
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

const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

/** A paid, active job as GET /jobs/7 answers it (lib/jobs/serialize.ts): bonuses in dollars, null when left empty. */
export function jobDetail(over: Partial<JobDetail> = {}): JobDetail {
  return {
    id: 7,
    title: 'Dry Van Driver',
    auto_renew: false,
    closed_at: null,
    cancelled_at: null,
    expired_at: null,
    expiration_date: inDays(20),
    payment_status: 'paid',
    status: 'active',
    company_id: 1,
    employer_id: 5,
    job_type: 'dry_van',
    additional_experience: null,
    home_time: 'weekly',
    required_experience: 'one_two_years',
    job_description: null,
    job_description_html: '<p>Haul freight.</p>',
    driver_unload: false,
    expected_pay: 1500,
    salary_type: 'weekly',
    signon_bonus: null,
    starting_bonus: null,
    benefits: [],
    endorsements: [],
    video_url: null,
    address: null,
    addresses: [],
    cost: 150,
    cost_cents: 15000,
    addons: [],
    tags: [],
    jobs_post_token: 'tok-123456789',
    suspended: false,
    approved: true,
    active: true,
    posting_date: inDays(-10),
    next_billing_date: null,
    renewable: true,
    boost_active: false,
    boost_ends_at: null,
    boost_remaining_days: 0,
    renewal_canceled_at: null,
    renewal_cancellation_reason: null,
    total_applicants: 0,
    today_applicants: 0,
    total_candidates: 0,
    released_places: [],
    created_at: inDays(-10),
    updated_at: inDays(-10),
    ...over,
  } as unknown as JobDetail;
}
