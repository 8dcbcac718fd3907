import { spawn } from 'node:child_process';
import { createConnection, createServer, Socket, type AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { eq, sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/lib/db/client';
import { emailOutbox } from '@/lib/db/schema';
import { backoffSeconds, BULK_MAIL_KINDS, deliverDueMail, enqueueMail, enqueueTemplate, enqueueTemplates, MAX_ATTEMPTS } from '@/lib/mail';

type Received = { from: string; to: string[]; raw: string; secure: boolean };

/** What a server answers to the nth message it is given: nothing (accepted), an error, or 'drop' (it closes the socket). */
type Refusal = (nth: number) => (Error & { responseCode: number }) | 'drop' | undefined;

/**
 * A real SMTP server on 127.0.0.1 and a random port; `reject` true makes it refuse every message,
 * a function decides for each. `stats` counts the connections it accepted and those closed since;
 * `options` replaces its settings (TLS, AUTH).
 */
async function startServer(reject: boolean | Refusal = false, listenOn = 0, options: SMTPServerOptions = {}) {
  const received: Received[] = [];
  const stats = { connections: 0, closed: 0, messages: 0 };
  const refusal: Refusal =
    typeof reject === 'function' ? reject : () => (reject ? Object.assign(new Error('Mailbox unavailable, try later'), { responseCode: 451 }) : undefined);
  const sockets = new Set<Socket>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onConnect(session, callback) {
      stats.connections++;
      callback();
    },
    onClose() {
      stats.closed++;
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const answer = refusal(++stats.messages);
        if (answer === 'drop') return sockets.forEach((socket) => socket.destroy());
        if (answer) return callback(answer);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          secure: session.secure,
        });
        callback();
      });
    },
    ...options,
  });
  server.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    stats,
    url: `${options.secure ? 'smtps' : 'smtp'}://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The sockets this process connects to `port` while `run` runs, each with whether TCP_NODELAY was
 * asked of it (by `noDelay: true` or setNoDelay()), read when the run is over. Node has no getter
 * for it: it keeps it under its internal symbol kSetNoDelay (lib/net.js), undefined if that goes.
 */
async function socketsTo(port: number, run: () => Promise<unknown>) {
  const sockets: Socket[] = [];
  const connect = Socket.prototype.connect;
  const spy = jest.spyOn(Socket.prototype, 'connect').mockImplementation(function (this: Socket, ...args: unknown[]) {
    this.once('connect', () => this.remotePort === port && sockets.push(this));
    return (connect as (...a: unknown[]) => Socket).apply(this, args);
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return sockets.map((socket) => {
    const key = Object.getOwnPropertySymbols(socket).find((symbol) => symbol.description === 'kSetNoDelay');
    return { noDelay: key && (socket as unknown as Record<symbol, unknown>)[key] };
  });
}

/** The sockets this process starts connecting to `port` while `run` runs, connected or not. */
async function socketsStartedTo(port: number, into: Socket[], run: () => Promise<unknown>) {
  const connect = Socket.prototype.connect;
  const spy = jest.spyOn(Socket.prototype, 'connect').mockImplementation(function (this: Socket, ...args: unknown[]) {
    // net.connect() hands its arguments over normalized: [options, callback].
    const options = (Array.isArray(args[0]) ? args[0][0] : args[0]) as { port?: number } | undefined;
    if (options && Number(options.port) === port) into.push(this);
    return (connect as (...a: unknown[]) => Socket).apply(this, args);
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
}

/** Whether `condition` holds within two seconds. */
async function within2s(condition: () => boolean) {
  for (const end = Date.now() + 2000; !condition() && Date.now() < end; ) await new Promise((resolve) => setTimeout(resolve, 10));
  return condition();
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

  it('sends batch after batch in one call, and leaves what a spent budget does not reach to the next call', async () => {
    const server = await startServer();
    try {
      const db = await getDb();
      // More than one batch, and more than the 20 one claim used to take a tick.
      for (let i = 0; i < 25; i++) await enqueueMail(db, { to: `batch${i}@example.test`, subject: `Batch ${i}`, text: 'x', kind: 'test' });
      expect(await deliverDueMail(db, new Date(), { smtpUrl: server.url, size: 10 })).toEqual({ skipped: false, sent: 25, retried: 0, failed: 0 });
      expect(new Set(server.received.map((m) => m.to[0])).size).toBe(25);

      // No budget: one batch a call, the rest waits pending for the next call.
      server.received.length = 0;
      for (let i = 0; i < 10; i++) await enqueueMail(db, { to: `budget${i}@example.test`, subject: `Budget ${i}`, text: 'x', kind: 'test' });
      const sent = [];
      for (let call = 0; call < 3; call++) sent.push((await deliverDueMail(db, new Date(), { smtpUrl: server.url, size: 4, budgetMs: 0 })).sent);
      expect(sent).toEqual([4, 4, 2]);
      expect(server.received.map((m) => m.to[0]).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `budget${i}@example.test`).sort());
      expect((await deliverDueMail(db, new Date(), { smtpUrl: server.url, size: 4, budgetMs: 0 })).sent).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('sends account mail queued after a backlog of applicant digests in the first batch', async () => {
    const server = await startServer();
    try {
      const db = await getDb();
      const params = { firstName: 'Eve', jobTitle: 'CDL-A driver', count: 1, names: ['Sam D.'], applicantsUrl: 'https://tna.test/company/jobs/1/applicants' };
      await enqueueTemplates(db, 'new_applicants', Array.from({ length: 30 }, (_, i) => ({ to: `digest${i}@example.test`, params })));
      await enqueueTemplate(db, 'reset.after.digests@example.test', 'password_reset_code', { firstName: 'Dana', code: '482913', minutes: 15 });
      expect(await deliverDueMail(db, new Date(), { smtpUrl: server.url, size: 5, budgetMs: 0 })).toMatchObject({ sent: 5 });
      expect(server.received[0].to).toEqual(['reset.after.digests@example.test']);
      // The digests follow, each once.
      expect((await deliverDueMail(db, new Date(), { smtpUrl: server.url })).sent).toBe(26);
      expect(new Set(server.received.map((m) => m.to[0])).size).toBe(31);
    } finally {
      await server.close();
    }
  });

  it('counts a mail due at the same millisecond as the clock as due', async () => {
    const server = await startServer();
    try {
      const db = await getDb();
      const now = new Date();
      const due = await enqueueMail(db, { to: 'same.ms@example.test', subject: 'Same millisecond', text: 'x', kind: 'test' });
      const later = await enqueueMail(db, { to: 'next.ms@example.test', subject: 'Next millisecond', text: 'x', kind: 'test' });
      // The column keeps microseconds; the clock passed in has milliseconds.
      await db.execute(sql`update email_outbox set next_attempt_at = ${now.toISOString()}::timestamptz + interval '400 microseconds' where id = ${due}`);
      await db.execute(sql`update email_outbox set next_attempt_at = ${now.toISOString()}::timestamptz + interval '1 millisecond' where id = ${later}`);
      expect(await deliverDueMail(db, now, { smtpUrl: server.url })).toMatchObject({ sent: 1 });
      expect(server.received.map((m) => m.to[0])).toEqual(['same.ms@example.test']);
      expect(await rowOf(later)).toMatchObject({ status: 'pending', attempts: 0 });
    } finally {
      await server.close();
    }
  });

  it('names the same bulk kinds as the partial indexes the claims use', async () => {
    const db = await getDb();
    const rows = await queryRows<{ indexname: string; indexdef: string }>(
      db,
      sql`select indexname, indexdef from pg_indexes where indexname in ('email_outbox_urgent_due_idx', 'email_outbox_bulk_due_idx') order by indexname`,
    );
    expect(rows.map((r) => r.indexname)).toEqual(['email_outbox_bulk_due_idx', 'email_outbox_urgent_due_idx']);
    for (const { indexdef } of rows) {
      const kinds = [...indexdef.matchAll(/'([^']*)'::text/g)].map((m) => m[1]);
      expect(kinds.sort()).toEqual([...BULK_MAIL_KINDS].sort());
    }
  });

  it('sends the mails of one run over one connection, and closes it when the run ends', async () => {
    const server = await startServer();
    try {
      const db = await getDb();
      const to = Array.from({ length: 30 }, (_, i) => `pooled${i}@example.test`);
      for (const address of to) await enqueueMail(db, { to: address, subject: 'Pooled', text: 'x', kind: 'test' });
      // Two batches (20, then 10), one connection: it was one a mail, 30.
      expect(await deliverDueMail(db, new Date(), { smtpUrl: server.url })).toEqual({ skipped: false, sent: 30, retried: 0, failed: 0 });
      expect(server.received.map((m) => m.to[0]).sort()).toEqual(to.sort());
      expect(server.stats.connections).toBe(1);
      // Nothing stays open until the next tick (on Vercel the function is frozen meanwhile).
      expect(await within2s(() => server.stats.closed === 1)).toBe(true);
      await enqueueMail(db, { to: 'next.run@example.test', subject: 'Next run', text: 'x', kind: 'test' });
      expect(await deliverDueMail(db, new Date(), { smtpUrl: server.url })).toMatchObject({ sent: 1 });
      expect(server.stats.connections).toBe(2);
    } finally {
      await server.close();
    }
  });

  it.each([
    ['answers it 421 and closes the connection', () => Object.assign(new Error('Too busy, closing'), { responseCode: 421 }), /421 Too busy/],
    ['drops the connection instead of answering', () => 'drop' as const, /Connection closed unexpectedly/],
  ])('backs off a mail when the server %s, and sends the rest over a new connection', async (_, answer, lastError) => {
    const server = await startServer((nth) => (nth === 3 ? answer() : undefined));
    try {
      const db = await getDb();
      const to = Array.from({ length: 6 }, (_, i) => `dropped${i}@example.test`);
      const ids: number[] = [];
      for (const address of to) ids.push(await enqueueMail(db, { to: address, subject: 'Dropped', text: 'x', kind: 'test' }));
      const now = new Date();
      expect(await deliverDueMail(db, now, { smtpUrl: server.url })).toEqual({ skipped: false, sent: 5, retried: 1, failed: 0 });
      // A batch goes out in no set order: the third mail sent is one of the six.
      const rows = await Promise.all(ids.map(rowOf));
      const [dropped, ...more] = rows.filter((row) => row.status === 'pending');
      expect(more).toEqual([]);
      expect(dropped).toMatchObject({ attempts: 1, lastError: expect.stringMatching(lastError) });
      expect(dropped.nextAttemptAt.getTime() - now.getTime()).toBe(backoffSeconds(1) * 1000);
      const others = to.filter((address) => address !== dropped.toAddress);
      expect(server.received.map((m) => m.to[0]).sort()).toEqual(others);
      expect(server.stats.connections).toBe(2);
      // Its back-off over, the mail goes out once.
      expect(await deliverDueMail(db, dropped.nextAttemptAt, { smtpUrl: server.url })).toMatchObject({ sent: 1, retried: 0 });
      expect(server.received.map((m) => m.to[0]).sort()).toEqual(to);
      expect(await rowOf(dropped.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    } finally {
      await server.close();
    }
  });

  it('backs off the mail when the server closes every connection before its greeting, and the run ends', async () => {
    // The pool's default sends the mail again on a new connection each time, without end.
    let connections = 0;
    const server = createServer((socket) => {
      connections++;
      socket.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const db = await getDb();
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push(await enqueueMail(db, { to: `hangup${i}@example.test`, subject: 'Hang-up', text: 'x', kind: 'test' }));
      const url = `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect(await deliverDueMail(db, new Date(), { smtpUrl: url })).toEqual({ skipped: false, sent: 0, retried: 3, failed: 0 });
      for (const id of ids) expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.any(String) });
      expect(connections).toBe(3);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('leaves no socket behind when the relay never answers the connection', async () => {
    // A relay that takes no connection: a listener (a child process, as Node accepts every
    // connection itself) with a backlog of 0 and one connection already waiting, so the kernel drops
    // every further SYN and the sender's connect never completes. nodemailer's greeting timeout fails
    // the mail; the socket, still connecting, was only ended, and stayed open until its connection
    // timeout (2 minutes by default) after the run.
    const relay = spawn('python3', ['-c', "import socket,time; s=socket.socket(); s.bind(('127.0.0.1',0)); s.listen(0); print(s.getsockname()[1], flush=True); time.sleep(120)"]);
    const filler: Socket[] = [];
    try {
      const port = await new Promise<number>((resolve) => relay.stdout.once('data', (d) => resolve(Number(String(d).trim()))));
      for (let i = 0; i < 2; i++) filler.push(createConnection({ port, host: '127.0.0.1' }).on('error', () => {}));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const db = await getDb();
      const id = await enqueueMail(db, { to: 'blackhole@example.test', subject: 'Never answered', text: 'x', kind: 'test' });
      const open: Socket[] = [];
      await socketsStartedTo(port, open, async () => {
        expect(await deliverDueMail(db, new Date(), { smtpUrl: `smtp://127.0.0.1:${port}?greetingTimeout=300` })).toMatchObject({ sent: 0, retried: 1 });
      });
      expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1 });
      expect(open).toHaveLength(1);
      expect(await within2s(() => open[0].destroyed)).toBe(true);
    } finally {
      for (const socket of filler) socket.destroy();
      relay.kill();
    }
  });

  // Nagle's algorithm held the end of each mail's DATA until the server's delayed ACK: 200 mails on
  // loopback took 10.4–10.9 s, 0.8–1.0 s without it. Not timed here: each socket is looked at.
  const signIn: SMTPServerOptions['onAuth'] = (auth, session, callback) => callback(null, { user: auth.username });
  it.each<[string, SMTPServerOptions, string, boolean]>([
    ['smtp://', {}, '?maxMessages=5', false],
    ['STARTTLS', { disabledCommands: ['AUTH'] }, '?requireTLS=true&tls.rejectUnauthorized=false&maxMessages=5', true],
    ['smtps:// with credentials', { secure: true, disabledCommands: ['STARTTLS'], onAuth: signIn }, '?tls.rejectUnauthorized=false&maxMessages=5', true],
  ])('opens every connection of a %s URL with TCP_NODELAY', async (_, options, query, secure) => {
    const server = await startServer(false, 0, options);
    try {
      const db = await getDb();
      for (let i = 0; i < 12; i++) await enqueueMail(db, { to: `nodelay${i}@example.test`, subject: 'No delay', text: 'x', kind: 'test' });
      const smtpUrl = server.url.replace('//', '//mailer:secret@') + query;
      const sockets = await socketsTo(Number(new URL(server.url).port), async () => {
        expect(await deliverDueMail(db, new Date(), { smtpUrl })).toMatchObject({ sent: 12, retried: 0 });
      });
      expect(server.received.map((m) => m.secure)).toEqual(Array(12).fill(secure));
      expect(server.stats.connections).toBe(3);
      expect(sockets).toEqual(Array(3).fill({ noDelay: true }));
    } finally {
      await server.close();
    }
  });

  it("keeps the SMTP URL's own options: smtps, its credentials, tls.* and maxMessages", async () => {
    const logins: string[] = [];
    const server = await startServer(false, 0, {
      secure: true,
      authOptional: false,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, session, callback) {
        logins.push(`${auth.username}:${auth.password}`);
        callback(null, { user: auth.username });
      },
    });
    try {
      const db = await getDb();
      for (let i = 0; i < 25; i++) await enqueueMail(db, { to: `tls${i}@example.test`, subject: 'Over TLS', text: 'x', kind: 'test' });
      // smtp-server's own certificate is self-signed: the URL says not to check it.
      const smtpUrl = server.url.replace('//', '//mailer:p%40ss@') + '?tls.rejectUnauthorized=false&maxMessages=10';
      expect(await deliverDueMail(db, new Date(), { smtpUrl })).toMatchObject({ sent: 25, retried: 0 });
      expect(server.received.every((m) => m.secure)).toBe(true);
      // A new connection after every 10 mails, each signed in once.
      expect(server.stats.connections).toBe(3);
      expect(logins).toEqual(['mailer:p@ss', 'mailer:p@ss', 'mailer:p@ss']);
    } finally {
      await server.close();
    }
  });
});
