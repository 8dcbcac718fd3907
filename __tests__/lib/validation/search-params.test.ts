import fc from 'fast-check';
import { NUL_MESSAGE } from '@/lib/api/input-guard';
import { paramsFromSearch } from '@/components/jobs/list/params';
import { searchParam, searchParamsProblem } from '@/lib/validation/search-params';

describe('searchParam: a page’s search parameter as its queries use it', () => {
  it('is the first value, or nothing', () => {
    expect(searchParam('flatbed')).toBe('flatbed');
    expect(searchParam(['a', 'b'])).toBe('a');
    expect(searchParam([])).toBe('');
    expect(searchParam(undefined)).toBe('');
  });

  it('is nothing for a value the API refuses: NUL anywhere in it', () => {
    for (const nul of ['\u0000', '\u0000abc', 'a\u0000', 'a\u0000b', ['\u0000x', 'y']]) expect(searchParam(nul)).toBe('');
    // Only the value used counts: a later repeat is never read.
    expect(searchParam(['x', '\u0000'])).toBe('x');
  });

  it('never hands a NUL to a query, whatever the address holds', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.array(fc.string())), (raw) => !searchParam(raw).includes('\u0000')));
  });
});

describe('searchParamsProblem: the API’s answer, for a page that shows it', () => {
  it('names the first parameter with NUL, with the API’s message', () => {
    expect(searchParamsProblem({ q: 'ok', job_type: '\u0000', radius: 'a\u0000' }, ['q', 'job_type', 'radius'])).toEqual({ message: NUL_MESSAGE, field: 'job_type' });
    expect(searchParamsProblem({ q: ['\u0000'] }, ['q'])).toEqual({ message: NUL_MESSAGE, field: 'q' });
  });

  it('is null for clean values and for parameters the page does not read', () => {
    expect(searchParamsProblem({ q: 'flatbed', offset: '10' }, ['q', 'offset'])).toBeNull();
    expect(searchParamsProblem({ other: '\u0000' }, ['q'])).toBeNull();
  });
});

describe('paramsFromSearch: the posted jobs list’s view of the address', () => {
  it('reads a search with NUL as no search, and repeated parameters by their first value', () => {
    expect(paramsFromSearch({ q: '\u0000x' }, 1).query).toBe('');
    expect(paramsFromSearch({ q: ['flatbed', 'x'], status: ['Active'], sort: ['title:asc'], page: ['2'] }, 1)).toEqual({
      companyId: 1,
      page: 2,
      query: 'flatbed',
      status: 'Active',
      sort: 'title:asc',
    });
  });
});
