import { addressesSchema, addressKey, MESSAGES } from '@/lib/jobs/schemas';

/*
 * Each targeting address is charged, so the same place twice is refused however it is spelled:
 * a ZIP+4 and its 5-digit ZIP, "Street" and "St", a trailing period, a state's name.
 */
const refused = (list: object[]) => {
  const r = addressesSchema.safeParse(list);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('the same targeting place, however spelled', () => {
  it.each([
    [{ city: 'Austin', state: 'TX', postal_code: '78701' }, { city: 'austin', state: 'Texas', postal_code: '78701-1234' }],
    [{ street1: '1 A St', city: 'Austin', state: 'TX', postal_code: '78701' }, { street1: '1 a Street', city: 'Austin', state: 'TX', postal_code: '78701' }],
    [{ street1: '500 N. Main Ave.', city: 'Tulsa', state: 'OK' }, { street1: '500 North Main Avenue', city: 'Tulsa', state: 'OK' }],
  ])('refuses %j and %j together', (a, b) => {
    expect(refused([a, b])).toEqual([['1.address', MESSAGES.duplicateAddress]]);
  });

  it('keeps places that differ: another street, another ZIP, a city without a ZIP', () => {
    expect(refused([{ street1: '1 A St', city: 'Austin', state: 'TX' }, { street1: '2 A St', city: 'Austin', state: 'TX' }])).toEqual([]);
    expect(refused([{ city: 'Austin', state: 'TX', postal_code: '78701' }, { city: 'Austin', state: 'TX', postal_code: '78702' }])).toEqual([]);
    expect(refused([{ city: 'Austin', state: 'TX', postal_code: '78701' }, { city: 'Austin', state: 'TX' }])).toEqual([]);
  });

  it('reads a saved row as the list reads its entries', () => {
    expect(addressKey({ street1: '1 A Street.', city: ' Austin ', state: 'TX', postal_code: '78701-0001' })).toBe(addressKey({ street1: '1 a st', city: 'austin', state: 'tx', postal_code: '78701' }));
  });

  it("keeps a street word that is an object's inherited name as typed (the key is stored, and the browser compares it)", () => {
    expect(addressKey({ street1: '1 Constructor Street', city: 'Austin', state: 'TX' })).toBe('1 constructor st|austin|tx|');
    expect(addressKey({ street1: '__proto__ Avenue', city: 'Austin', state: 'TX' })).toBe('__proto__ ave|austin|tx|');
  });
});
