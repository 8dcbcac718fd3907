import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { emailOutbox } from '@/lib/db/schema';
import { mailTemplates, type MailKind, type MailParams } from './templates';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string | null; kind: string };

/**
 * Writes a mail to the outbox; the sender (`deliverDueMail`, run by tick) delivers it when SMTP is
 * configured. Pass a transaction as `db` to make the mail part of the same commit as the change.
 */
export async function enqueueMail(db: Database, mail: OutgoingMail) {
  const [row] = await db
    .insert(emailOutbox)
    .values({ toAddress: mail.to.trim().toLowerCase(), subject: mail.subject, text: mail.text, html: mail.html ?? null, kind: mail.kind })
    .returning({ id: emailOutbox.id });
  return row.id;
}

/** Renders one of `mailTemplates` and enqueues it. */
export function enqueueTemplate<K extends MailKind>(db: Database, to: string, kind: K, params: MailParams<K>) {
  const rendered = (mailTemplates[kind] as (p: MailParams<K>) => ReturnType<(typeof mailTemplates)[K]>)(params);
  return enqueueMail(db, { to, kind, ...rendered });
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

/** The admin's view of the outbox, newest first: `to` is one exact recipient, `q` a part of one. */
export async function listOutbox(db: Database, input: { to?: string; q?: string; offset: number; limit: number }) {
  const filters: SQL[] = [];
  if (input.to) filters.push(eq(emailOutbox.toAddress, input.to.trim()));
  if (input.q) filters.push(ilike(emailOutbox.toAddress, `%${input.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const where = filters.length ? and(...filters) : undefined;
  const [items, [{ total }]] = await Promise.all([
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
    db.select({ total: count() }).from(emailOutbox).where(where),
  ]);
  return { items: items as OutboxItem[], total };
}
