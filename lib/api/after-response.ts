import { after } from 'next/server';
import { log } from '@/lib/log';

/**
 * Work the answer does not wait for: run after the response is sent when there is a request (Next's
 * `after`, which Vercel keeps the function alive for), and at once, awaited, anywhere else (scripts,
 * tests calling a service or a handler directly), where `after` refuses to run outside a request.
 * A failure is logged: the answer has gone already.
 */
export async function afterResponse(name: string, work: () => Promise<unknown>): Promise<void> {
  const guarded = () => work().then(undefined, (error: unknown) => log.error(`${name} failed after the response`, { error: error instanceof Error ? error.message : String(error) }));
  try {
    after(guarded);
  } catch {
    await guarded();
  }
}
