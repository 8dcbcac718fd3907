import { log, requestIdFrom, withRequest } from '@/lib/log';
import { route } from '@/lib/api/route';
import { call } from '../helpers/http';

function captured(stream: NodeJS.WriteStream) {
  const lines: string[] = [];
  const spy = jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  return { lines, restore: () => spy.mockRestore() };
}

describe('structured logs', () => {
  it('writes one JSON object a line, with the request id of the request being served', () => {
    const out = captured(process.stderr);
    try {
      withRequest({ requestId: 'req-12345678', ip: null }, () => log.error('Something failed', { error: new Error('boom'), jobId: 4 }));
      log.warn('Outside a request');
    } finally {
      out.restore();
    }
    const [inside, outside] = out.lines.map((l) => JSON.parse(l));
    expect(out.lines.every((l) => l.endsWith('\n') && !l.slice(0, -1).includes('\n'))).toBe(true);
    expect(inside).toMatchObject({ level: 'error', msg: 'Something failed', requestId: 'req-12345678', jobId: 4, error: { name: 'Error', message: 'boom' } });
    expect(outside.requestId).toBeUndefined();
  });

  it("keeps a caller's well-formed request id and replaces anything else", () => {
    expect(requestIdFrom('edge-0a1b2c3d')).toBe('edge-0a1b2c3d');
    for (const bad of [null, '', 'short', 'has space in it', 'x'.repeat(101), 'line\nbreak12']) expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an API failure is logged under the id the client sees in x-request-id', async () => {
    const failing = route({ access: 'public', handler: () => { throw new Error('database on fire'); } });
    const err = captured(process.stderr);
    let res;
    try {
      res = await call(failing, { url: 'http://localhost:3000/api/v1.0/x' });
    } finally {
      err.restore();
    }
    expect(res.status).toBe(500);
    const id = res.headers.get('x-request-id');
    const line = JSON.parse(err.lines.find((l) => l.includes('database on fire'))!);
    expect(line.requestId).toBe(id);
    expect(res.json.errors[0].message).toBe('Internal server error');
  });

  it('a client that hangs up mid-body is no server error: 400, logged as info, not as an error', async () => {
    const cutOff = route({
      access: 'public',
      handler: () => {
        // What node's http server throws into a body read when the socket closes first.
        throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
      },
    });
    const err = captured(process.stderr);
    const out = captured(process.stdout);
    let res;
    try {
      res = await call(cutOff, { url: 'http://localhost:3000/api/v1.0/x' });
    } finally {
      err.restore();
      out.restore();
    }
    expect(res.status).toBe(400);
    expect(err.lines.join('')).not.toContain('aborted');
    expect(JSON.parse(out.lines.find((l) => l.includes('closed the connection'))!)).toMatchObject({ level: 'info' });
  });
});
