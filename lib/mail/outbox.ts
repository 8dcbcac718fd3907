import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { countUpTo } from '@/lib/db/count';
import { emailOutbox } from '@/lib/db/schema';
import { mailTemplates, type MailKind, type MailParams } from './templates';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string | null; kind: string };

/**
 * Writes a mail to the outbox; the sender (`deliverDueMail`, run by tick) delivers it when SMTP is
 * configured. Pass a transaction as `db` to make the mail part of the same commit as the change.
 */
export async function enqueueMail(db: Database, mail: OutgoingMail) {
  const [row] = await db.insert(emailOutbox).values(outboxRow(mail)).returning({ id: emailOutbox.id });
  return row.id;
}

const outboxRow = (mail: OutgoingMail) => ({ toAddress: mail.to.trim().toLowerCase(), subject: mail.subject, text: mail.text, html: mail.html ?? null, kind: mail.kind });

const render = <K extends MailKind>(kind: K, params: MailParams<K>) => (mailTemplates[kind] as (p: MailParams<K>) => ReturnType<(typeof mailTemplates)[K]>)(params);

/** Renders one of `mailTemplates` and enqueues it. */
export function enqueueTemplate<K extends MailKind>(db: Database, to: string, kind: K, params: MailParams<K>) {
  return enqueueMail(db, { to, kind, ...render(kind, params) });
}

/**
 * Mails one insert writes at most: each takes 5 parameters, and a statement may carry 65,535. A
 * digest batch of 250 jobs for a company of 60 users (15,000 mails) failed in one insert, and the
 * step failed on that batch at every tick.
 */
const MAILS_PER_INSERT = 1_000;

/**
 * Renders and enqueues many mails of one kind, a thousand a statement (scheduled work: no statement
 * per mail). Pass a transaction as `db` to make them part of one commit.
 */
export async function enqueueTemplates<K extends MailKind>(db: Database, kind: K, letters: { to: string; params: MailParams<K> }[]) {
  for (let i = 0; i < letters.length; i += MAILS_PER_INSERT) {
    await db.insert(emailOutbox).values(letters.slice(i, i + MAILS_PER_INSERT).map(({ to, params }) => outboxRow({ to, kind, ...render(kind, params) })));
  }
}

export type OutboxItem = {
  id: number;
  to: string;
  kind: string;
  subject: string;
  text: string;
  html: string | null;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
};

export const OUTBOX_UNAVAILABLE = 'The outbox is not available: mail is delivered by the mail server.';

/**
 * The outbox can be read only while no mail server is configured (development, demos): once
 * SMTP_URL is set, mail goes to its recipients and nobody else reads it.
 */
export const outboxReadable = () => !process.env.SMTP_URL;

const LINK = /\bhttps?:\/\/[^\s"'<>]+/gi;
/** One-time codes in our mail are 6 digits (password reset); tokens only ever travel inside links. */
const CODE = /\b\d{6}\b/g;
const hideSecrets = (value: string) => value.replace(LINK, '[link hidden]').replace(CODE, '••••••');

/**
 * A super admin's view of the outbox, newest first: `to` is one exact recipient, `q` a part of one.
 * Codes and links of mail to anyone but the reader are masked (they would let the reader take over
 * that account); the reader's own mail shows as sent, so a demo can still read its own reset code.
 */
export async function listOutbox(db: Database, input: { to?: string; q?: string; offset: number; limit: number }, reader: { email: string }) {
  const filters: SQL[] = [];
  if (input.to) filters.push(eq(emailOutbox.toAddress, input.to.trim()));
  // As email_outbox_to_trgm_idx holds it (`to_address::text`): a citext's own ilike reads every mail.
  if (input.q) filters.push(sql`${emailOutbox.toAddress}::text ilike ${`%${input.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const where = filters.length ? and(...filters) : undefined;
  const [items, counted] = await Promise.all([
    db
      .select({
        id: emailOutbox.id,
        to: emailOutbox.toAddress,
        kind: emailOutbox.kind,
        subject: emailOutbox.subject,
        text: emailOutbox.text,
        html: emailOutbox.html,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        last_error: emailOutbox.lastError,
        created_at: emailOutbox.createdAt,
        sent_at: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(input.limit)
      .offset(input.offset),
    countUpTo(db, db.select({ one: sql`1` }).from(emailOutbox).where(where), input),
  ]);
  const own = reader.email.trim().toLowerCase();
  const shown = (items as OutboxItem[]).map((m) =>
    m.to === own ? m : { ...m, text: hideSecrets(m.text), html: m.html === null ? null : hideSecrets(m.html) },
  );
  return { items: shown, ...counted };
}
