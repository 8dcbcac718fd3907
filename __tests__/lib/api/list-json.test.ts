import fc from 'fast-check';
import { listJson } from '@/lib/api/list-json';

const pagination = { offset: 0, limit: 10, total: 2 };

describe('listJson: a page of a list as JSON', () => {
  it('writes exactly what JSON.stringify writes for { data, pagination }, frozen or not', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue()), fc.boolean(), fc.nat(), fc.nat(), (data, frozen, offset, total) => {
        const p = { offset, limit: 10, total, ...(total > 5 ? { total_is_lower_bound: true } : {}) };
        expect(listJson(frozen ? Object.freeze([...data]) : data, p)).toBe(JSON.stringify({ data, pagination: p }));
      }),
    );
  });

  it('serializes a frozen list once (a remembered page), and its pagination each time', () => {
    let written = 0;
    const item = { toJSON: () => (written++, { id: 1 }) };
    const page = Object.freeze([item]);
    expect(listJson(page, pagination)).toBe('{"data":[{"id":1}],"pagination":{"offset":0,"limit":10,"total":2}}');
    expect(listJson(page, { ...pagination, offset: 10 })).toBe('{"data":[{"id":1}],"pagination":{"offset":10,"limit":10,"total":2}}');
    expect(written).toBe(1);
  });

  it('serializes a list that is not frozen on every call: it may have changed', () => {
    let written = 0;
    const page = [{ toJSON: () => (written++, { id: written }) }];
    expect(listJson(page, pagination)).toContain('"id":1');
    expect(listJson(page, pagination)).toContain('"id":2');
    expect(written).toBe(2);
  });
});
