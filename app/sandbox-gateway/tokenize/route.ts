// POST /sandbox-gateway/tokenize: the sandbox processor turns card fields into a token (not part of /api/v1.0)
import type { NextRequest } from 'next/server';
import { log } from '@/lib/log';
import { clientIp } from '@/lib/api/route';
import { readBodyCapped } from '@/lib/api/body';
import { getDb } from '@/lib/db/client';
import { consumeOrThrow, limiter } from '@/lib/rate-limit';
import { AppError } from '@/lib/errors';
import { CARD_MESSAGES } from '@/lib/payments/cards';
import { tokenizeRequest } from '@/lib/payments/sandbox-tokenize';

const headers = { 'cache-control': 'no-store' };

export async function POST(req: NextRequest) {
  try {
    // Card-testing bots try numbers in bulk: a processor limits tokenize calls per address.
    await consumeOrThrow(await limiter('sandbox-tokenize', 30, 60), clientIp(req), 'Too many attempts. Please wait a minute.');
    // Four card fields: a few hundred bytes. A larger body is refused as it arrives (413), not held.
    const text = (await readBodyCapped(req, 16 * 1024)).toString('utf8');
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return Response.json({ message: CARD_MESSAGES.validation, errors: [{ message: CARD_MESSAGES.validation }] }, { status: 400, headers });
    }
    const answer = await tokenizeRequest(await getDb(), raw);
    return Response.json(answer.body, { status: answer.status, headers });
  } catch (error) {
    if (error instanceof AppError) return Response.json({ message: error.message, errors: [{ message: error.message }] }, { status: error.status, headers: { ...headers, ...error.headers } });
    // Never log the request: it carries card data.
    log.error('Sandbox tokenize failed', { error: (error as Error).name });
    return Response.json({ message: CARD_MESSAGES.unknown, errors: [{ message: CARD_MESSAGES.unknown }] }, { status: 500, headers });
  }
}
