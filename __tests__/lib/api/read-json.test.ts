/**
 * One JSON reader for the API's routes and next-auth's POSTs (lib/api/body.ts): both refuse a body
 * that does not parse with 400 "Invalid JSON body" and one past the cap with 413; only the API's
 * routes take a blank body as `{}`.
 */
import { AppError } from '@/lib/errors';
import { BODY_TOO_LARGE, INVALID_JSON, readJsonCapped } from '@/lib/api/body';

const post = (body: string) => new Request('http://localhost/x', { method: 'POST', body, headers: { 'content-type': 'application/json' } });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).status, message: (error as AppError).message };
}

describe('readJsonCapped', () => {
  it('parses a body, a leading byte order mark dropped as req.text() drops it', async () => {
    await expect(readJsonCapped(post('{"a":[1,2]}'), 100)).resolves.toEqual({ a: [1, 2] });
    await expect(readJsonCapped(post('\uFEFF{"a":1}'), 100)).resolves.toEqual({ a: 1 });
  });

  it('refuses text that is not JSON with 400', async () => {
    await expect(refusal(readJsonCapped(post('{"a":'), 100))).resolves.toEqual({ status: 400, message: INVALID_JSON });
    await expect(refusal(readJsonCapped(post('{"a":'), 100, { blankAs: {} }))).resolves.toEqual({ status: 400, message: INVALID_JSON });
  });

  it('takes a blank body as blankAs when given, and as invalid otherwise', async () => {
    await expect(readJsonCapped(post('  \n'), 100, { blankAs: {} })).resolves.toEqual({});
    await expect(refusal(readJsonCapped(post(''), 100))).resolves.toEqual({ status: 400, message: INVALID_JSON });
  });

  it('refuses a body past the cap with 413 before parsing it', async () => {
    await expect(refusal(readJsonCapped(post(`{"a":"${'x'.repeat(200)}"}`), 100))).resolves.toEqual({ status: 413, message: BODY_TOO_LARGE });
  });
});
