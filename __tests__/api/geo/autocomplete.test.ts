import { GET as autocompleteGet } from '@/app/api/v1.0/geo/autocomplete/route';
import { call } from '../../helpers/http';

const search = (q: string, ip = '10.1.1.1') => call(autocompleteGet, { query: { q }, headers: { 'x-forwarded-for': ip } });

describe('GET /api/v1.0/geo/autocomplete', () => {
  it('answers a ZIP code with its city, state and centroid, anonymously', async () => {
    const res = await search('75201');
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([
      {
        description: 'Dallas, TX 75201, USA',
        address: '',
        city: 'Dallas',
        stateName: 'Texas',
        state: 'TX',
        zipCode: '75201',
        country: 'US',
        coordinates: { lat: 32.7904, lng: -96.8044 },
      },
    ]);
  });

  it('completes the first digits of a ZIP code', async () => {
    const res = await search('9021');
    expect(res.json.data.length).toBeGreaterThan(1);
    expect(res.json.data.every((s: { zipCode: string }) => s.zipCode.startsWith('9021'))).toBe(true);
    expect(res.json.data.map((s: { zipCode: string }) => s.zipCode)).toContain('90210');
  });

  it('answers cities, the biggest first, and narrows them by state', async () => {
    const all = await search('Springfield');
    expect(all.json.data.length).toBe(8);
    expect(new Set(all.json.data.map((s: { state: string }) => s.state)).size).toBe(8);
    const il = await search('springfield, il');
    expect(il.json.data[0]).toMatchObject({ description: 'Springfield, IL, USA', city: 'Springfield', state: 'IL', stateName: 'Illinois', zipCode: '' });
    const texas = await search('Dallas Texas');
    expect(texas.json.data[0]).toMatchObject({ city: 'Dallas', state: 'TX' });
    expect(texas.json.data[0].coordinates.lat).toBeCloseTo(32.77, 1);
  });

  it('keeps a street line and places it at the ZIP or the city', async () => {
    const withZip = await search('123 Main St, Dallas, TX 75201, USA');
    expect(withZip.json.data[0]).toMatchObject({ description: '123 Main St, Dallas, TX 75201, USA', address: '123 Main St', city: 'Dallas', zipCode: '75201' });
    const noCommas = await search('1600 Pennsylvania Ave NW Washington DC 20500');
    expect(noCommas.json.data[0]).toMatchObject({ address: '1600 Pennsylvania Ave NW', city: 'Washington', state: 'DC', zipCode: '20500' });
    const cityOnly = await search('500 Commerce St, Fort Worth, TX');
    expect(cityOnly.json.data[0]).toMatchObject({ address: '500 Commerce St', city: 'Fort Worth', state: 'TX', zipCode: '' });
  });

  it.each(['Toronto, ON', 'Toronto, Ontario, Canada', 'M5V 2T6', 'Monterrey, México', '10 Downing St, London, UK'])('rejects the non-US place %p', async (q) => {
    const res = await search(q);
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ errors: [{ message: 'Addresses should be from the US', field: 'q' }] });
  });

  it('accepts the US aliases after a place', async () => {
    for (const alias of ['USA', 'US', 'U.S.', 'EE. UU.', 'EUA', 'United States']) {
      const res = await search(`Austin, TX, ${alias}`);
      expect(res.json.data[0]).toMatchObject({ city: 'Austin', state: 'TX' });
    }
  });

  it('answers nothing for fewer than two characters or an unknown place', async () => {
    expect((await search('D')).json.data).toEqual([]);
    expect((await search('')).json.data).toEqual([]);
    expect((await search('Qwxyz')).json.data).toEqual([]);
    expect((await search('00000')).json.data).toEqual([]);
  });

  it('rate-limits per client address', async () => {
    let status = 200;
    for (let i = 0; i < 121 && status === 200; i++) status = (await search('Dallas', '10.9.9.9')).status;
    expect(status).toBe(429);
  });
});
