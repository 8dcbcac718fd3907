import http from 'node:http';
import { PEER_HEADER } from './client-address';

/**
 * Copies each request's socket address into PEER_HEADER before Next handles it, replacing
 * whatever the client sent under that name. Next 16 gives route handlers and server actions no
 * access to the socket (and `next start` only writes it into X-Forwarded-For when the client sent
 * none), so this is the one place the real peer is known. Installed once from instrumentation.ts;
 * the flag tells clientAddress() the header can be believed.
 */
export function installPeerStamp() {
  const g = globalThis as { __tnaPeerStamp?: boolean };
  if (g.__tnaPeerStamp) return;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const req = args[0] as http.IncomingMessage;
      req.headers[PEER_HEADER] = req.socket?.remoteAddress ?? '';
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
  g.__tnaPeerStamp = true;
}
