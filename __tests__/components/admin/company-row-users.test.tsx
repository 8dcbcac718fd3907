import { screen } from '@testing-library/react';
import { CompanyRowDetail } from '@/components/admin/company-row-detail';
import { api } from '@/lib/api/client';
import type { CompanyListRow } from '@/lib/admin/company-search';
import { renderWithProviders } from '../jobs/helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }) }));

/** A company of 120 people, oldest first, answered a page at a time as GET .../employers does (at most 100 a page). */
const people = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, email: `p${i + 1}@big-fleet.test`, first_name: 'Person', last_name: `Number${i + 1}`, role: 'company_user', active: true, phone: null }));

beforeEach(() => {
  mockApi.mockReset();
  mockApi.mockImplementation(async (path: string) => {
    if (path.startsWith('/admin/companies/')) {
      const q = new URL(path, 'http://x').searchParams;
      const offset = Number(q.get('offset') ?? 0);
      const limit = Math.min(100, Number(q.get('limit') ?? 20));
      return { data: people.slice(offset, offset + limit), pagination: { offset, limit, total: people.length } } as never;
    }
    return { data: [], pagination: { offset: 0, limit: 5, total: 0 } } as never;
  });
});

describe('CompanyRowDetail: users', () => {
  it('lists every user of a large company, so the newest hires can be impersonated and edited too (it stopped at the first 50)', async () => {
    renderWithProviders(<CompanyRowDetail company={{ id: 9, companyName: 'Big Fleet' } as unknown as CompanyListRow} />);
    expect(await screen.findByRole('button', { name: 'Impersonate Person Number120' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Impersonate Person Number1' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Impersonate / })).toHaveLength(120);
  });
});
