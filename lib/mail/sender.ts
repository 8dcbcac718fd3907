import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import { queryRows, type Database } from '@/lib/db/client';

/**
 * A mail is given up (status failed, still listed in the admin outbox) only after about a day of
 * failed attempts: an SMTP outage of hours loses nothing.
 */
export const MAX_ATTEMPTS = 30;
/** The longest wait between two attempts. */
const MAX_BACKOFF_SECONDS = 60 * 60;
/** A claimed mail is not picked again for this long, so a crashed sender's rows come back. */
const LEASE_SECONDS = 5 * 60;
const BATCH = 20;

/** Wait after the nth failed attempt: 1, 2, 4 … 32 minutes, then every hour. */
export function backoffSeconds(attempt: number) {
  return Math.min(MAX_BACKOFF_SECONDS, 60 * 2 ** Math.max(0, Math.min(attempt - 1, 20)));
}

const transports = new Map<string, Transporter>();

function transportFor(url: string) {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(url);
    transports.set(url, t);
  }
  return t;
}

type Claimed = { id: number; to_address: string; subject: string; text: string; html: string | null; attempts: number };

export type DeliveryReport = { skipped: boolean; sent: number; retried: number; failed: number };

/**
 * Delivers pending mail whose time has come. Without SMTP_URL nothing is sent and mail stays
 * readable in the admin outbox. Rows are claimed with FOR UPDATE SKIP LOCKED and leased, so several
 * instances running tick at once never send the same mail twice. Called from `tick(now)`.
 */
export async function deliverDueMail(
  db: Database,
  now: Date = new Date(),
  options: { smtpUrl?: string; from?: string; batch?: number } = {},
): Promise<DeliveryReport> {
  const url = options.smtpUrl ?? process.env.SMTP_URL ?? config.smtpUrl;
  const report: DeliveryReport = { skipped: !url, sent: 0, retried: 0, failed: 0 };
  if (!url) return report;
  const leaseUntil = new Date(now.getTime() + LEASE_SECONDS * 1000);
  const claimed = await queryRows<Claimed>(
    db,
    sql`
    update email_outbox o set attempts = o.attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
    where o.id in (
      select id from email_outbox
      -- The clock passed in has millisecond precision; the column has microseconds.
      where status = 'pending' and date_trunc('milliseconds', next_attempt_at) <= ${now.toISOString()}::timestamptz
      order by next_attempt_at, id
      limit ${options.batch ?? BATCH}
      for update skip locked
    )
    returning o.id, o.to_address, o.subject, o.text, o.html, o.attempts`,
  );
  const transport = transportFor(url);
  const from = options.from ?? process.env.MAIL_FROM ?? config.mailFrom;
  for (const mail of claimed) {
    try {
      await transport.sendMail({ from, to: mail.to_address, subject: mail.subject, text: mail.text, html: mail.html ?? undefined });
      await db.execute(sql`update email_outbox set status = 'sent', sent_at = ${now.toISOString()}::timestamptz, last_error = null where id = ${mail.id}`);
      report.sent++;
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      if (mail.attempts >= MAX_ATTEMPTS) {
        await db.execute(sql`update email_outbox set status = 'failed', last_error = ${message} where id = ${mail.id}`);
        report.failed++;
      } else {
        const next = new Date(now.getTime() + backoffSeconds(mail.attempts) * 1000);
        await db.execute(
          sql`update email_outbox set next_attempt_at = ${next.toISOString()}::timestamptz, last_error = ${message} where id = ${mail.id}`,
        );
        report.retried++;
      }
    }
  }
  return report;
}
