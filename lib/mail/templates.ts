/**
 * Every mail the product sends, as plain functions from parameters to subject, text and html.
 * Other domains enqueue them with `enqueueTemplate(db, to, 'new_job', {...})`.
 */
import { formatUsd } from '@/lib/jobs/codes';

export type RenderedMail = { subject: string; text: string; html: string };

const BRAND = '#1f57d0';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

type Block = { p: string } | { code: string } | { button: { label: string; href: string } } | { small: string };

/** One layout for every mail: the same blocks become the text part and the html part. */
function render(subject: string, product: string, blocks: Block[]): RenderedMail {
  const text = blocks
    .map((b) => ('p' in b ? b.p : 'code' in b ? `    ${b.code}` : 'button' in b ? `${b.button.label}: ${b.button.href}` : b.small))
    .join('\n\n');
  const body = blocks
    .map((b) => {
      if ('p' in b) return `<p style="margin:0 0 16px;line-height:1.5;overflow-wrap:anywhere">${escapeHtml(b.p).replace(/\n/g, '<br>')}</p>`;
      if ('code' in b)
        return `<p style="margin:0 0 16px;font-size:28px;font-weight:700;letter-spacing:6px;font-family:monospace">${escapeHtml(b.code)}</p>`;
      if ('button' in b)
        return `<p style="margin:0 0 16px"><a href="${escapeHtml(b.button.href)}" style="display:inline-block;background:${BRAND};color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(b.button.label)}</a></p>`;
      return `<p style="margin:0 0 16px;color:#64748b;font-size:13px;line-height:1.5">${escapeHtml(b.small)}</p>`;
    })
    .join('\n');
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:12px">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e2e8f0;font-weight:700;color:${BRAND}">${escapeHtml(product)}</td></tr>
<tr><td style="padding:28px">
${body}
</td></tr></table></td></tr></table></body></html>`;
  return { subject, text, html };
}

const product = () => process.env.NEXT_PUBLIC_PRODUCT_NAME || 'TNA';
const hello = (firstName?: string | null) => (firstName ? `Hi ${firstName},` : 'Hi,');
/** A message as one sentence: trimmed, and ending in one full stop (or its own ? or !). */
function sentenceOf(text: string) {
  let end = text.trimEnd();
  while (end.endsWith('.')) end = end.slice(0, -1).trimEnd();
  end = end.trimStart();
  return /[?!]$/.test(end) ? end : `${end}.`;
}

export const mailTemplates = {
  password_reset_code: (p: { firstName?: string | null; code: string; minutes: number }) =>
    render(`Your ${product()} password reset code`, product(), [
      { p: hello(p.firstName) },
      { p: `Use this code to reset your ${product()} password. It is valid for ${p.minutes} minutes and can be used once.` },
      { code: p.code },
      { small: 'If you did not ask to reset your password, you can ignore this email: your password stays the same.' },
    ]),

  employee_password_reset: (p: { firstName?: string | null; code: string; minutes: number; companyName: string; link: string }) =>
    render(`Reset your ${product()} password`, product(), [
      { p: hello(p.firstName) },
      { p: `An admin of ${p.companyName} asked ${product()} to send you a code to set a new password. It is valid for ${p.minutes} minutes and can be used once.` },
      { code: p.code },
      { button: { label: 'Set a new password', href: p.link } },
      { small: 'Your current password keeps working until you set a new one. No one else sees the code or your new password.' },
    ]),

  employee_added: (p: { firstName?: string | null; companyName: string; addedBy: string; resetLink: string }) =>
    render(`You were added to ${p.companyName} on ${product()}`, product(), [
      { p: hello(p.firstName) },
      { p: `${p.addedBy} added you as an employee of ${p.companyName} on ${product()}, with this email address and a first password they chose. Ask them for it, or set your own password now.` },
      { button: { label: 'Set my password', href: p.resetLink } },
      { small: `If you do not work for ${p.companyName}, set your own password with the link above: then no one else can sign in with this address.` },
    ]),

  email_verification: (p: { firstName?: string | null; link: string; hours: number }) =>
    render(`Verify your email for ${product()}`, product(), [
      { p: hello(p.firstName) },
      { p: `Please confirm that this is your email address. The link is valid for ${p.hours} hours.` },
      { button: { label: 'Verify my email', href: p.link } },
      { small: 'If you did not create an account or change your email, you can ignore this email.' },
    ]),

  invite: (p: { friendName: string; senderName: string; link: string; message: string }) =>
    render(`${p.senderName} recommends ${product()} to you`, product(), [
      { p: p.message },
      { button: { label: `Join ${product()}`, href: p.link } },
      { small: `${p.senderName} sent you this invitation from ${product()}. If you do not know them, you can ignore this email.` },
    ]),

  new_job: (p: { firstName?: string | null; jobTitle: string; jobUrl: string }) =>
    render(`Your job "${p.jobTitle}" is live`, product(), [
      { p: hello(p.firstName) },
      { p: `Your job "${p.jobTitle}" has been posted and drivers can now find and apply to it.` },
      { button: { label: 'View the job', href: p.jobUrl } },
    ]),

  failed_payments: (p: { firstName?: string | null; jobTitle?: string; amountCents: number; reason?: string; billingUrl: string }) =>
    render('A payment did not go through', product(), [
      { p: hello(p.firstName) },
      {
        // The reason is a sentence of its own (the gateway's "Your card was declined." or ours, "Add a
        // card to pay."): quoted as it is, not after "the card provider said" with a second full stop.
        p: `We could not charge ${formatUsd(p.amountCents)}${p.jobTitle ? ` for "${p.jobTitle}"` : ''}.${p.reason?.trim() ? ` Reason: ${sentenceOf(p.reason)}` : ''}`,
      },
      { p: 'Please update your card or choose another payment method so your jobs stay online.' },
      { button: { label: 'Update billing', href: p.billingUrl } },
    ]),

  boost_job: (p: { firstName?: string | null; jobTitle: string; days: number; jobUrl: string }) =>
    render(`"${p.jobTitle}" is boosted`, product(), [
      { p: hello(p.firstName) },
      { p: `Your job "${p.jobTitle}" is boosted for the next ${p.days} days and appears at the top of driver searches.` },
      { button: { label: 'View the job', href: p.jobUrl } },
    ]),

  auto_renew_job: (p: { firstName?: string | null; jobTitle: string; amountCents: number; expiresAt: string; jobUrl: string }) =>
    render(`"${p.jobTitle}" was renewed automatically`, product(), [
      { p: hello(p.firstName) },
      { p: `Your job "${p.jobTitle}" reached its end date and was renewed automatically for ${formatUsd(p.amountCents)}. It now runs until ${p.expiresAt}.` },
      { button: { label: 'Manage the job', href: p.jobUrl } },
      { small: 'You can turn auto-renew off on the job at any time.' },
    ]),

  renew_job: (p: { firstName?: string | null; jobTitle: string; expiresAt: string; jobUrl: string }) =>
    render(`"${p.jobTitle}" expires on ${p.expiresAt}`, product(), [
      { p: hello(p.firstName) },
      { p: `Your job "${p.jobTitle}" expires on ${p.expiresAt}. Renew it to keep receiving applications.` },
      { button: { label: 'Renew the job', href: p.jobUrl } },
    ]),

  /** An administrator took a job off the site (lib/jobs/services.ts setSuspended). */
  job_suspended: (p: { firstName?: string | null; jobTitle: string; expiresAt: string | null; jobUrl: string }) =>
    render(`"${p.jobTitle}" was suspended`, product(), [
      { p: hello(p.firstName) },
      {
        p: p.expiresAt
          ? `An administrator has suspended your job "${p.jobTitle}". Drivers no longer see it, and it is not renewed or charged while it is suspended. If the suspension is still in place on ${p.expiresAt}, the job expires that day.`
          : `An administrator has suspended your job "${p.jobTitle}". It cannot be published, paid for or renewed while it is suspended.`,
      },
      { button: { label: 'View the job', href: p.jobUrl } },
      { small: 'Contact support to ask why, or to have the suspension lifted.' },
    ]),

  /** The suspension lifted; `expiresAt` null when the job ended while it was suspended. */
  job_released: (p: { firstName?: string | null; jobTitle: string; expiresAt: string | null; jobUrl: string }) =>
    render(`"${p.jobTitle}" is no longer suspended`, product(), [
      { p: hello(p.firstName) },
      {
        p: p.expiresAt
          ? `An administrator has lifted the suspension of your job "${p.jobTitle}". Drivers see it again, and it runs until ${p.expiresAt}.`
          : `An administrator has lifted the suspension of your job "${p.jobTitle}". It reached its end date while it was suspended, so it is not live: renew it to post it again.`,
      },
      { button: { label: p.expiresAt ? 'View the job' : 'Renew the job', href: p.jobUrl } },
    ]),

  /** The hourly digest of new applications to one job (lib/drivers/digest.ts). */
  new_applicants: (p: { firstName?: string | null; jobTitle: string; count: number; names: string[]; applicantsUrl: string }) =>
    render(`${p.count === 1 ? 'A new applicant' : `${p.count} new applicants`} for "${p.jobTitle}"`, product(), [
      { p: hello(p.firstName) },
      {
        p: `${p.count === 1 ? 'A driver has' : `${p.count} drivers have`} applied to "${p.jobTitle}"${p.names.length ? `: ${p.names.join(', ')}${p.count > p.names.length ? ' and others' : ''}` : ''}.`,
      },
      { button: { label: 'Review applicants', href: p.applicantsUrl } },
      { small: 'We send at most one of these emails per job each hour.' },
    ]),
} satisfies Record<string, (params: never) => RenderedMail>;

export type MailKind = keyof typeof mailTemplates;
export type MailParams<K extends MailKind> = Parameters<(typeof mailTemplates)[K]>[0];
