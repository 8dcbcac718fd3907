import fc from 'fast-check';
import { amount, MESSAGES } from '@/lib/jobs/schemas';

describe('amount (pay and bonuses, jobs spec §5)', () => {
  it.each([
    ['1450.50', 1450.5],
    [' 1,450.50 ', 1450.5],
    ['12,345,678', 12_345_678],
    [1450.5, 1450.5],
    ['0', 0],
  ])('reads %j as %j', (input, out) => {
    expect(amount.parse(input)).toBe(out);
  });

  it.each([['12,5'], ['1,45'], ['1,4500'], [',100'], ['100,'], ['1,,000'], ['1.000,50'], ['123456789'], ['12.345'], ['-5']])('refuses %j', (input) => {
    const r = amount.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(MESSAGES.amount);
  });

  it('any amount written with thousands commas reads as the same amount without them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 99 }), (dollars, cents) => {
        const plain = `${dollars}.${String(cents).padStart(2, '0')}`;
        const grouped = `${dollars.toLocaleString('en-US')}.${String(cents).padStart(2, '0')}`;
        return amount.parse(grouped) === amount.parse(plain) && amount.parse(plain) === Number(plain);
      }),
    );
  });
});
