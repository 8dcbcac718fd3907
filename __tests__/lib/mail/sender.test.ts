import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { emailOutbox } from '@/lib/db/schema';
import { backoffSeconds, deliverDueMail, enqueueMail, enqueueTemplate, MAX_ATTEMPTS } from '@/lib/mail';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on 127.0.0.1 and a random port; `reject` makes it refuse every message. */
async function startServer(reject = false, listenOn = 0) {
  const received: Received[] = [];
  const options: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        if (reject) {
          const error = Object.assign(new Error('Mailbox unavailable, try later'), { responseCode: 451 });
          return callback(error);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function rowOf(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

async function clearPending() {
  const db = await getDb();
  await db.update(emailOutbox).set({ status: 'sent' }).where(eq(emailOutbox.status, 'pending'));
}

describe('deliverDueMail', () => {
  beforeEach(clearPending);

  it('keeps mail in the outbox when SMTP is not configured', async () => {
    const db = await getDb();
    const id = await enqueueMail(db, { to: 'keep@example.test', subject: 'Kept', text: 'kept', kind: 'test' });
    const report = await deliverDueMail(db, new Date(), { smtpUrl: '' });
    expect(report).toEqual({ skipped: true, sent: 0, retried: 0, failed: 0 });
    expect((await rowOf(id)).status).toBe('pending');
  });

  it('delivers pending mail through a real SMTP server and marks it sent', async () => {
    const server = await startServer();
    try {
      const db = await getDb();
      const id = await enqueueTemplate(db, 'driver.one@example.test', 'password_reset_code', { firstName: 'Dana', code: '482913', minutes: 15 });
      const report = await deliverDueMail(db, new Date(), { smtpUrl: server.url, from: 'TNA <no-reply@tna.test>' });
      expect(report).toEqual({ skipped: false, sent: 1, retried: 0, failed: 0 });
      expect(server.received).toHaveLength(1);
      const [mail] = server.received;
      expect(mail.from).toBe('no-reply@tna.test');
      expect(mail.to).toEqual(['driver.one@example.test']);
      expect(mail.raw).toMatch(/Subject: Your TNA password reset code/);
      expect(mail.raw).toContain('482913');
      expect(mail.raw).toMatch(/Content-Type: text\/html/);
      const row = await rowOf(id);
      expect(row.status).toBe('sent');
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.attempts).toBe(1);
      // Nothing is sent twice.
      expect((await deliverDueMail(db, new Date(), { smtpUrl: server.url })).sent).toBe(0);
      expect(server.received).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('backs off exponentially (capped at an hour) when the server refuses, and gives up only after about a day', async () => {
    const server = await startServer(true);
    try {
      const db = await getDb();
      const id = await enqueueMail(db, { to: 'bounce@example.test', subject: 'Retry me', text: 'x', kind: 'test' });
      let now = new Date();
      for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
        expect(await deliverDueMail(db, now, { smtpUrl: server.url })).toMatchObject({ retried: 1, failed: 0 });
        const row = await rowOf(id);
        expect(row).toMatchObject({ status: 'pending', attempts: attempt });
        expect(row.lastError).toMatch(/Mailbox unavailable/);
        expect(row.nextAttemptAt.getTime() - now.getTime()).toBe(backoffSeconds(attempt) * 1000);
        // Not due yet: nothing is tried before the back-off has passed.
        expect(await deliverDueMail(db, new Date(row.nextAttemptAt.getTime() - 1000), { smtpUrl: server.url })).toMatchObject({ retried: 0 });
        now = row.nextAttemptAt;
      }
      expect(await deliverDueMail(db, now, { smtpUrl: server.url })).toMatchObject({ failed: 1 });
      expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
      expect([1, 2, 3, 4, 6, 7, 29].map(backoffSeconds)).toEqual([60, 120, 240, 480, 1920, 3600, 3600]);
      const givenUpAfter = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => backoffSeconds(i + 1)).reduce((a, b) => a + b, 0);
      expect(givenUpAfter).toBeGreaterThanOrEqual(24 * 3600);
    } finally {
      await server.close();
    }
  });

  it('keeps mail while the SMTP server is down and delivers each once when it is back', async () => {
    const db = await getDb();
    // Find a free port, then leave nothing listening on it: the server is down.
    const probe = await startServer();
    const port = Number(new URL(probe.url).port);
    await probe.close();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await enqueueMail(db, { to: `outage${i}@example.test`, subject: `Outage ${i}`, text: 'x', kind: 'test' }));
    let now = new Date();
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await deliverDueMail(db, now, { smtpUrl: `smtp://127.0.0.1:${port}` })).toMatchObject({ sent: 0, retried: 3, failed: 0 });
      now = new Date(now.getTime() + backoffSeconds(attempt) * 1000);
    }
    for (const id of ids) expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 3 });

    // Back up on the same address: every mail goes out once, and later runs send nothing again.
    const server = await startServer(false, port);
    try {
      expect(await deliverDueMail(db, now, { smtpUrl: `smtp://127.0.0.1:${port}` })).toMatchObject({ sent: 3, retried: 0 });
      expect(await deliverDueMail(db, new Date(now.getTime() + 86_400_000), { smtpUrl: `smtp://127.0.0.1:${port}` })).toMatchObject({ sent: 0 });
      expect(server.received.map((m) => m.to[0]).sort()).toEqual(['outage0@example.test', 'outage1@example.test', 'outage2@example.test']);
      for (const id of ids) expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 4 });
    } finally {
      await server.close();
    }
  });

  it('never sends one mail twice when two senders run at once', async () => {
    const server = await startServer();
    try {
      const db = await getDb();
      for (let i = 0; i < 6; i++) await enqueueMail(db, { to: `many${i}@example.test`, subject: `Mail ${i}`, text: 'x', kind: 'test' });
      const [a, b] = await Promise.all([
        deliverDueMail(db, new Date(), { smtpUrl: server.url, batch: 4 }),
        deliverDueMail(db, new Date(), { smtpUrl: server.url, batch: 4 }),
      ]);
      // On PostgreSQL a sender can lose a row to the other's lease and take fewer than its batch;
      // the rest goes out on the next run. What must never happen is a mail sent twice.
      const rest = await deliverDueMail(db, new Date(), { smtpUrl: server.url, batch: 4 });
      expect(a.sent + b.sent + rest.sent).toBe(6);
      expect(server.received.map((m) => m.to[0]).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `many${i}@example.test`));
    } finally {
      await server.close();
    }
  });
});
