import PDFDocument from 'pdfkit';
import { config, publicOrigin } from '@/lib/config';
import type { Database } from '@/lib/db/client';
import type { Actor } from '@/lib/auth/actor';
import { ACTION_LABELS, documentKindOf, paymentMethodLabel, receiptData } from './invoices';
import type { Invoice } from './orders';
import { PAYMENT_STATE_LABELS, paymentStateOf } from './settlement';
import { portalDateText } from '@/lib/validation/portal-day';
import { formatUsd } from '@/lib/jobs/codes';

const dateText = (d: Date | null) => (d ? portalDateText(d) : '-');

type Receipt = Awaited<ReturnType<typeof receiptData>>;

/**
 * What the document says, decided in one place: a card payment's Receipt (receipt date, date paid, total paid),
 * or an invoice-billed order's Invoice (invoice date, due date, status, amount due until settled).
 */
export function documentText(invoice: Invoice) {
  const method = paymentMethodLabel(invoice, true);
  const order: [string, string][] = [
    ['Order', ACTION_LABELS[invoice.actionType]],
    ['Job', invoice.jobTitle ?? '-'],
    ['Payment method', method],
  ];
  if (documentKindOf(invoice) === 'receipt') {
    return {
      title: 'Receipt',
      // Its date is the order's billing date, in the year of its number; the payment may fall on a
      // later day (a card approved just after midnight on December 31), so it is said apart.
      meta: [['Receipt date', dateText(invoice.billingDate)], ['Date paid', dateText(invoice.paidAt ?? invoice.billingDate)], ...order, ['Transaction', invoice.transactionId ?? '-']] as [string, string][],
      totalLabel: 'Total paid',
      note: 'Thank you for your business. Questions about this receipt?',
    };
  }
  const paid = paymentStateOf(invoice) === 'paid';
  return {
    title: 'Invoice',
    meta: [
      ['Invoice date', dateText(invoice.billingDate)],
      ['Due date', dateText(invoice.dueAt)],
      ['Status', PAYMENT_STATE_LABELS[paymentStateOf(invoice)]],
      ...(paid ? ([['Date paid', dateText(invoice.paidAt)]] as [string, string][]) : []),
      ...order,
    ] as [string, string][],
    totalLabel: paid ? 'Total paid' : 'Amount due',
    note: paid ? 'Paid in full. Thank you for your business. Questions about this invoice?' : `Please pay by ${dateText(invoice.dueAt)}, quoting ${invoice.number}. Questions about this invoice?`,
  };
}

/** Draws the receipt or invoice: company, number, dates, lines, total, payment method. */
export function renderReceipt({ invoice, lines, company, billedTo }: Receipt): Promise<Buffer> {
  const text = documentText(invoice);
  const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: `${text.title} ${invoice.number}`, Author: config.productName } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const brand = '#1f57d0';
  const muted = '#64748b';
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;

  doc.fillColor(brand).font('Helvetica-Bold').fontSize(20).text(config.productName, left, 56);
  doc.fillColor('#0f172a').fontSize(24).text(text.title, left, 56, { width, align: 'right' });
  doc.moveDown(0.2).font('Helvetica').fontSize(10).fillColor(muted).text(invoice.number, { width, align: 'right' });

  doc.moveDown(2);
  const top = doc.y;
  doc.fillColor(muted).fontSize(9).text('BILLED TO', left, top);
  doc.fillColor('#0f172a').fontSize(11).font('Helvetica-Bold').text(billedTo.name, left, top + 14, { width: width / 2 - 12 });
  doc.font('Helvetica').fontSize(10);
  for (const line of billedTo.lines) doc.text(line, { width: width / 2 - 12 });
  if (company.email) doc.text(company.email, { width: width / 2 - 12 });

  const col = left + width / 2;
  const meta = text.meta;
  let y = top;
  for (const [k, v] of meta) {
    doc.font('Helvetica').fontSize(9).fillColor(muted).text(k.toUpperCase(), col, y, { width: 110 });
    doc.fontSize(10).fillColor('#0f172a').text(v, col + 110, y, { width: right - col - 110 });
    y = Math.max(doc.y, y + 14) + 4;
  }

  y = Math.max(y, doc.y) + 24;
  doc.rect(left, y, width, 24).fill('#f1f5f9');
  doc.fillColor(muted).font('Helvetica-Bold').fontSize(9).text('DESCRIPTION', left + 10, y + 8).text('AMOUNT', left, y + 8, { width: width - 10, align: 'right' });
  y += 32;
  doc.font('Helvetica').fontSize(10).fillColor('#0f172a');
  for (const line of lines) {
    doc.text(line.description, left + 10, y, { width: width - 130 });
    const h = doc.y - y;
    doc.text(formatUsd(line.amountCents), left, y, { width: width - 10, align: 'right' });
    y += Math.max(h, 14) + 8;
    doc.moveTo(left, y - 4).lineTo(right, y - 4).strokeColor('#e2e8f0').lineWidth(0.5).stroke();
  }
  y += 6;
  doc.font('Helvetica-Bold').fontSize(12).text(text.totalLabel, left + 10, y).text(formatUsd(invoice.amountCents), left, y, { width: width - 10, align: 'right' });

  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(muted)
    .text(`${text.note} Reply to your billing email or visit ${publicOrigin()}.`, left, y + 48, { width });
  doc.end();
  return done;
}

/** POST /payment/company/billing/payment-receipt: the PDF of one of the caller's orders (receipt or invoice). */
export async function receiptPdf(db: Database, actor: Actor, invoiceId: number) {
  const data = await receiptData(db, actor, invoiceId);
  return { filename: `${data.kind}-${data.invoice.number}.pdf`, pdf: await renderReceipt(data) };
}
