/**
 * @jest-environment node
 */
import { SignJWT, jwtVerify } from 'jose';
import fc from 'fast-check';
import { hs256Key, signHs256, verifyHs256 } from '@/lib/auth/hs256';
import { key, signAccessToken, signPurposeToken, verifyAccessToken, verifyPurposeToken } from '@/lib/auth/tokens';

const secret = Buffer.from('0123456789abcdef0123456789abcdef');
const k = hs256Key(secret);
const now = Math.floor(Date.now() / 1000);

describe('HS256 tokens with node crypto', () => {
  it('verifies what jose signs and jose verifies what it signs', async () => {
    const fromJose = await new SignJWT({ roles: ['Driver'] }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuer('tna').setAudience('7').setIssuedAt().setExpirationTime('60s').sign(secret);
    expect(verifyHs256(k, fromJose, { issuer: 'tna' })).toMatchObject({ roles: ['Driver'], aud: '7' });
    const ours = signHs256(k, { typ: 'JWT' }, { iss: 'tna', aud: '7', exp: now + 60, roles: ['Driver'] });
    const { payload } = await jwtVerify(ours, secret, { issuer: 'tna', audience: '7', algorithms: ['HS256'] });
    expect(payload.roles).toEqual(['Driver']);
  });

  it('refuses a forged signature, another key, alg none, a wrong issuer or audience, and an expired token', () => {
    const good = signHs256(k, {}, { iss: 'tna', aud: 'verify', exp: now + 60 });
    expect(verifyHs256(k, good, { issuer: 'tna', audience: 'verify' })).not.toBeNull();
    const [h, p, s] = good.split('.');
    expect(verifyHs256(k, `${h}.${p}.${s.slice(0, -2)}AA`, { issuer: 'tna' })).toBeNull();
    expect(verifyHs256(hs256Key('another secret of the right size!!'), good, { issuer: 'tna' })).toBeNull();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    expect(verifyHs256(k, none, { issuer: 'tna' })).toBeNull();
    expect(verifyHs256(k, good, { issuer: 'other' })).toBeNull();
    expect(verifyHs256(k, good, { issuer: 'tna', audience: 'reset' })).toBeNull();
    const expired = signHs256(k, {}, { iss: 'tna', exp: now - 1 });
    expect(verifyHs256(k, expired, { issuer: 'tna' })).toBeNull();
    expect(verifyHs256(k, expired, { issuer: 'tna', ignoreExpiry: true })).not.toBeNull();
    expect(verifyHs256(k, signHs256(k, {}, { iss: 'tna' }), { issuer: 'tna' })).toBeNull();
    expect(verifyHs256(k, signHs256(k, {}, { iss: 'tna', exp: now + 60, nbf: now + 30 }), { issuer: 'tna' })).toBeNull();
  });

  it('answers null, never throws, for any string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (token) => {
        expect(verifyHs256(k, token, { issuer: 'tna' })).toBeNull();
      }),
    );
  });

  it('makes each purpose key once, not per request', async () => {
    expect(key('access')).toBe(key('access'));
    expect(key('access')).not.toBe(key('purpose'));
    const token = await signAccessToken({ userId: 12, roles: ['Driver'], did: 'd1', sid: 's1' });
    await expect(verifyAccessToken(token)).resolves.toMatchObject({ userId: 12, rid: 2, roles: ['Driver'], did: 'd1', sid: 's1' });
    const purpose = await signPurposeToken('verify-email', { email: 'a@b.test' }, 60);
    await expect(verifyPurposeToken('verify-email', purpose)).resolves.toMatchObject({ email: 'a@b.test' });
    await expect(verifyPurposeToken('reset', purpose)).resolves.toBeNull();
  });

  it('verifies an access token once, and still checks its expiry on every call', async () => {
    const token = await signAccessToken({ userId: 31, roles: ['Employer'], sid: 's31' }, 60);
    const first = await verifyAccessToken(token);
    expect(first).toMatchObject({ userId: 31, roles: ['Employer'], sid: 's31' });
    // The same claims again, not made anew: the token was not verified a second time.
    expect(await verifyAccessToken(token)).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first!.roles)).toBe(true);
    // One character changed in a remembered token is another token: refused.
    // The signature's first character: its six bits all count (the last one's low bits are padding,
    // so changing it can leave the decoded signature, and the token, the same).
    const [h, p, s] = token.split('.');
    const flipped = `${h}.${p}.${s.startsWith('A') ? 'B' : 'A'}${s.slice(1)}`;
    await expect(verifyAccessToken(flipped)).resolves.toBeNull();
    await expect(verifyAccessToken(flipped)).resolves.toBeNull();
    // A minute later the remembered token has expired; the session cookie's copy still reads.
    const spy = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    try {
      await expect(verifyAccessToken(token)).resolves.toBeNull();
      await expect(verifyAccessToken(token, { ignoreExpiry: true })).resolves.toBe(first);
    } finally {
      spy.mockRestore();
    }
    await expect(verifyAccessToken(token)).resolves.toBe(first);
  });
});
