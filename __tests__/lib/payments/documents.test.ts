/**
 * One order, one set of dates: the receipt or invoice, the billing history and the job screens all
 * show a moment's day in the portal's zone (US/Eastern). The PDFs used UTC and the billing history
 * the browser's zone, so an order placed after 7 pm Eastern carried three different days.
 */
import { getDb } from '@/lib/db/client';
import { openOrder, type Invoice } from '@/lib/payments/orders';
import { documentText } from '@/lib/payments/receipt';
import { toInvoiceView } from '@/lib/payments/invoices';
import { formatDate } from '@/components/billing/format';
import { formatDate as jobsDate } from '@/components/jobs/format';
import { seed } from '../../helpers/seed';
import { companyIdOf, makeJob } from '../../api/payment/fixtures';

// 9:30 pm Eastern on Friday 11/27/2026 is already Saturday in UTC.
const EVENING = new Date('2026-11-28T02:30:00Z');

const order = (over: Partial<Invoice>): Invoice =>
  ({
    id: 1,
    number: 'INV-2026-000001',
    status: 'APPROVED',
    actionType: 'new_job',
    paymentMethod: 'CELERO',
    amountCents: 60_000,
    cardType: 'Visa',
    maskedNumber: '**** **** **** 1111',
    transactionId: 'sbx_1',
    jobTitle: 'CDL-A Driver',
    billingDate: EVENING,
    paidAt: EVENING,
    dueAt: null,
    createdAt: EVENING,
    ...over,
  }) as Invoice;

describe('dates and payment method on an order', () => {
  it('the receipt, the invoice and the billing history show the same Eastern day', () => {
    expect(documentText(order({})).meta).toContainEqual(['Date paid', '11/27/2026']);
    const due = new Date('2026-12-28T03:00:00Z'); // 10 pm Eastern on 12/27
    const invoice = documentText(order({ paymentMethod: 'CONTRACT', paidAt: null, dueAt: due, cardType: null, maskedNumber: null }));
    expect(invoice.meta).toEqual(expect.arrayContaining([['Invoice date', '11/27/2026'], ['Due date', '12/27/2026']]));
    expect(invoice.note).toContain('Please pay by 12/27/2026');
    expect(formatDate(EVENING.toISOString())).toBe('11/27/2026');
    expect(jobsDate(EVENING.toISOString())).toBe('11/27/2026');
  });

  it('an order of $0 (an admin boost) says "No charge", not a card', () => {
    const boost = order({ actionType: 'admin_boost', amountCents: 0, cardType: null, maskedNumber: null });
    expect(documentText(boost).meta).toContainEqual(['Payment method', 'No charge']);
    expect(toInvoiceView(boost, []).payment_method.description).toBe('No charge');
    expect(documentText(order({})).meta).toContainEqual(['Payment method', 'Visa **** **** **** 1111']);
    expect(toInvoiceView(order({}), []).payment_method.description).toBe('Credit Card');
  });
});

describe('invoice numbers', () => {
  beforeAll(seed);

  async function numberAt(at: string, title: string) {
    const db = await getDb();
    const { companyId } = await companyIdOf('employer@demo.test');
    const job = await makeJob({ email: 'employer@demo.test', title });
    const order = await openOrder(
      db,
      { companyId, jobId: job.id, jobTitle: title, actionType: 'new_job', periodKey: '', paymentMethod: 'CELERO', lines: [{ kind: 'job_posting', description: 'x', amountCents: 15_000 }] },
      new Date(at),
    );
    return order!.number;
  }

  it("take the portal zone's year, the year the order's documents print", async () => {
    // 8 pm Eastern on 12/31/2026 is already 2027 in UTC: dated 12/31/2026, numbered in 2026.
    const newYearsEve = '2027-01-01T01:00:00Z';
    expect(documentText(order({ billingDate: new Date(newYearsEve), paidAt: new Date(newYearsEve) })).meta).toContainEqual(['Date paid', '12/31/2026']);
    expect(await numberAt(newYearsEve, "New Year's Eve Order")).toMatch(/^INV-2026-\d{6}$/);
    // 12:30 am Eastern on 1/1/2027.
    expect(await numberAt('2027-01-01T05:30:00Z', "New Year's Day Order")).toMatch(/^INV-2027-\d{6}$/);
  });
});
