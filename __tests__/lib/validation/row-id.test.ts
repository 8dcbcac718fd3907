import fc from 'fast-check';
import { pageOffsetOf, rowIdOf } from '@/lib/validation/row-id';

describe('rowIdOf: the id an address names, written only one way', () => {
  it('reads canonical ids and refuses every other spelling of a number', () => {
    expect(rowIdOf('8')).toBe(8);
    expect(rowIdOf('2147483647')).toBe(2_147_483_647);
    for (const odd of ['0x8', '008', '8e0', '8.0', ' 8', '8 ', '+8', '-8', '0', '2147483648', '99999999999', '', 'abc', 'Infinity'])
      expect(rowIdOf(odd)).toBeNull();
    expect(rowIdOf(undefined)).toBeNull();
  });

  it('gives back exactly the number whose decimal text it was given, for every id in range', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), (id) => rowIdOf(String(id)) === id));
  });
});

describe('pageOffsetOf: an offset from the address the database can take', () => {
  it('is a whole number from 0 to a million, whatever the address says', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double().map(String), fc.constantFrom('1.5', '1e300', 'Infinity', '-Infinity', 'NaN', '-5', '99999999999999999999')), (raw) => {
        const n = pageOffsetOf(raw);
        return Number.isSafeInteger(n) && n >= 0 && n <= 1_000_000;
      }),
    );
    expect(pageOffsetOf('20')).toBe(20);
    expect(pageOffsetOf('1.5')).toBe(1);
    expect(pageOffsetOf(['30', '40'])).toBe(30);
    expect(pageOffsetOf(undefined)).toBe(0);
  });
});
