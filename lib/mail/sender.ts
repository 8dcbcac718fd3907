import { connect, type Socket } from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { sql, type SQL } from 'drizzle-orm';
import { config } from '@/lib/config';
import { inBatches, type BatchOptions } from '@/lib/db/batches';
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
/**
 * Mails one claim takes. Smaller than BATCH_ROWS: the budget is looked at only between batches and
 * a batch waits on the SMTP server once per mail, so a slow server (a second a mail) overruns the
 * step's budget by 20 s at most, well inside the lease.
 */
const BATCH = 20;

/**
 * Kinds sent only once no other mail is due. The applicant digest (lib/drivers/digest.ts) is queued
 * by scheduled work, thousands in one tick (20,000 on a busy day at 100,000 jobs), and an hour's
 * summary loses nothing by going out a few ticks late. Every other kind is one mail for something
 * a person just did or must act on: a code or link they wait for on screen (password reset,
 * sign-up verification, an employee's first password), an invitation, a payment or a job of
 * theirs. Those never wait behind a digest backlog.
 *
 * The claims below are served by the partial indexes email_outbox_urgent_due_idx and
 * email_outbox_bulk_due_idx (lib/db/schema/accounts.ts), whose predicates name these kinds as
 * literals: change both together (the sender's tests check that they agree).
 */
export const BULK_MAIL_KINDS = ['new_applicants'] as const;

/** Wait after the nth failed attempt: 1, 2, 4 … 32 minutes, then every hour. */
export function backoffSeconds(attempt: number) {
  return Math.min(MAX_BACKOFF_SECONDS, 60 * 2 ** Math.max(0, Math.min(attempt - 1, 20)));
}

/**
 * One pooled SMTP transport a run. nodemailer's plain SMTP transport opened a connection (TCP,
 * greeting, EHLO, and STARTTLS and AUTH when configured) for every mail: a backlog of 20,000 digests
 * was 20,000 connections. The pool keeps its connection from one mail to the next:
 * - maxConnections 1: the run sends one mail after another (the budget and the lease count on it),
 *   so a second connection would never be used.
 * - maxMessages stays nodemailer's 100: then the pool opens a new connection, under the limit
 *   servers put on the mails of one connection. The URL can lower it (`?maxMessages=20`).
 * - maxRequeues 0: the pool's default sends a mail again, without end, when its connection closes
 *   before the server answered it. A server that hangs up before its greeting then kept sendMail
 *   from ever returning (27 connections in 4 s, and on); now the mail fails at once and backs off
 *   like any failure, its attempt counted.
 * Any failed mail (refused, 421 and closed, connection dropped) makes the pool close that connection;
 * the mail backs off and the next one goes out over a new connection.
 * The URL is parsed as `createTransport(url)` parsed it, and its options (`smtps://`, credentials,
 * `?requireTLS=true`, `?tls.…`) win over these.
 *
 * The run closes its pool when it ends (`deliverDueMail`'s finally) rather than leaving it to the
 * pool's idle handling: an idle pooled connection stays open until its socket times out (10
 * minutes). On Vercel the function is frozen between ticks with that socket open, the server drops
 * it meanwhile, and the next tick would begin on a dead connection; on a long-running server it
 * holds one of the server's connection slots for nothing. Keeping it would save one connection a
 * run.
 */
const POOL = { pool: true, maxConnections: 1, maxRequeues: 0, getSocket: noDelaySocket } as const;

/**
 * The pool's sockets, opened with TCP_NODELAY. nodemailer writes the end of a mail's DATA in small
 * pieces, and Nagle's algorithm held them until the server's delayed ACK (40 ms on Linux): 200 mails
 * to a server on loopback took 10.4–10.9 s, now 0.8–1.0 s. nodemailer has no option for it, but its
 * `getSocket` hook (meant for proxies) can hand it a socket, which it then treats as its own: TLS
 * for smtps:// (with the URL's tls.*), STARTTLS, AUTH, and a socket error (refused, reset) fails the
 * mail. The socket is handed over while still connecting: a hook that reported the error itself
 * would leave the pool's one slot taken and the next mail waiting for ever. nodemailer takes the
 * socket for connected, so for smtp:// its greeting timeout (30 s) starts at once and its connection
 * timeout (2 min, `?connectionTimeout=`) would not cover the TCP connect: the timer here does (for
 * smtps:// nodemailer's own still covers TCP and TLS). Port and host default as in nodemailer. A
 * `?proxy=` URL replaces this hook with nodemailer's own, without TCP_NODELAY.
 */
function noDelaySocket(options: SMTPPool.Options, callback: (err: null, socketOptions: { connection: Socket }) => void) {
  const port = Number(options.port) || (options.secure ? 465 : 587);
  const socket = connect({ host: options.host || 'localhost', port, localAddress: options.localAddress, noDelay: true });
  const timeout = setTimeout(() => socket.destroy(new Error('Connection timeout')), options.connectionTimeout || 2 * 60_000);
  socket.once('connect', () => clearTimeout(timeout)).once('close', () => clearTimeout(timeout));
  // Closing a connection ends its socket, and a socket still connecting (a relay that never answers
  // the connection: the greeting timeout fails the mail) waited to connect before it ended, open
  // after the run until the timer above: nothing is owed to a peer that never answered.
  const end = socket.end.bind(socket);
  socket.end = ((...args: Parameters<Socket['end']>) => (socket.connecting ? socket.destroy() : end(...args))) as Socket['end'];
  callback(null, { connection: socket });
}

function poolFor(url: string): Transporter {
  return nodemailer.createTransport({ ...POOL, ...parseConnectionUrl(url) });
}

type Claimed = { id: number; to_address: string; subject: string; text: string; html: string | null; attempts: number };

export type DeliveryReport = { skipped: boolean; sent: number; retried: number; failed: number };

/**
 * Literals, not parameters: a partial index serves a query only when the planner can prove its
 * predicate from the query's text, and a parameter's value is unknown to a generic plan.
 */
const bulkKinds = sql.raw(BULK_MAIL_KINDS.map((kind) => `'${kind.replace(/'/g, "''")}'`).join(', '));

/**
 * Claims up to `limit` due mails of one class, oldest due first, and leases them: the attempt is
 * counted and next_attempt_at moves past the lease, so this sender's later batches, and other
 * senders, pass them by. FOR UPDATE SKIP LOCKED: two senders never claim the same row.
 *
 * The clock passed in has millisecond precision, the column microseconds: a mail is due when its
 * time, truncated to the millisecond, is not after `now`, i.e. when it is before `now` + 1 ms. Said
 * so (not as date_trunc(…) <= now) the index bounds the scan: with 100,000 mails in back-off (an
 * SMTP outage) the date_trunc form read them all on each claim, 39.8 ms, against 0.02 ms.
 */
function claim(db: Database, kinds: SQL, dueBefore: string, leaseUntil: string, limit: number) {
  return queryRows<Claimed>(
    db,
    sql`
    update email_outbox o set attempts = o.attempts + 1, next_attempt_at = ${leaseUntil}::timestamptz
    where o.id in (
      select id from email_outbox
      where status = 'pending' and ${kinds} and next_attempt_at < ${dueBefore}::timestamptz
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning o.id, o.to_address, o.subject, o.text, o.html, o.attempts`,
  );
}

/**
 * Delivers pending mail whose time has come. Without SMTP_URL nothing is sent and mail stays
 * readable in the admin outbox. Rows are claimed with FOR UPDATE SKIP LOCKED and leased, so several
 * instances running tick at once never send the same mail twice. Called from `tick(now)`.
 *
 * In batches (lib/db/batches.ts) until nothing is due or the step's budget is spent: one claim a
 * tick was 5,760 mails a day at most on Vercel's 5-minute tick, behind a single digest run of
 * 20,000. Each batch takes every due mail of the other kinds before any of BULK_MAIL_KINDS, so a
 * reset code queued after a digest backlog goes out in the first batch. `batch` is the old name of
 * `size`.
 */
export async function deliverDueMail(
  db: Database,
  now: Date = new Date(),
  options: { smtpUrl?: string; from?: string; batch?: number } & BatchOptions = {},
): Promise<DeliveryReport> {
  const url = options.smtpUrl ?? process.env.SMTP_URL ?? config.smtpUrl;
  const report: DeliveryReport = { skipped: !url, sent: 0, retried: 0, failed: 0 };
  if (!url) return report;
  const leaseUntil = new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString();
  const dueBefore = new Date(now.getTime() + 1).toISOString();
  const from = options.from ?? process.env.MAIL_FROM ?? config.mailFrom;
  const transport = poolFor(url);
  try {
    await inBatches(
      async (limit) => {
        // Two claims, each on its own partial index, so neither reads the other class's due rows:
        // with 20,000 digests due and 100,000 mails in back-off, the reset code's claim read 1 row
        // (1.0–1.4 ms, mostly the update), the digests' 19 rows for 19 (docs/reliability.md).
        // One claim over both, ordered by class, could not stop early on one index.
        const claimed = await claim(db, sql`kind not in (${bulkKinds})`, dueBefore, leaseUntil, limit);
        if (claimed.length < limit) claimed.push(...(await claim(db, sql`kind in (${bulkKinds})`, dueBefore, leaseUntil, limit - claimed.length)));
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
        return claimed;
      },
      { size: options.size ?? options.batch ?? BATCH, budgetMs: options.budgetMs },
    );
  } finally {
    transport.close();
  }
  return report;
}
