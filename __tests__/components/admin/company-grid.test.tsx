import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CompanyGrid } from '@/components/admin/company-grid';
import { api } from '@/lib/api/client';
import { renderWithProviders } from '../jobs/helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }) }));

const row = {
  id: 1,
  companyName: 'Demo Freight Lines',
  companyType: 'Self-Service',
  billingType: 'Credit Card',
  totalJobs: 3,
  totalJobsIsLowerBound: false,
  activeJobs: 1,
  activeJobsIsLowerBound: false,
  phone: '2145550100',
  email: 'billing@demo.test',
  city: null,
  state: null,
  joiningDate: '2026-11-27T12:00:00.000Z',
  status: 'Active',
};

beforeEach(() => {
  mockApi.mockReset();
  mockApi.mockResolvedValue({ data: [row, { ...row, id: 2, companyName: 'No Phone Co', phone: '-' }], pagination: { offset: 0, limit: 50, total: 2 } } as never);
});

describe('the admin company grid', () => {
  it('shows the phone as the edit dialog does, (214)555-0100 (it read 2145550100); a missing one stays "-"', async () => {
    renderWithProviders(<CompanyGrid />);
    const [demo, none] = await screen.findAllByTestId('company-row');
    expect(demo).toHaveTextContent('(214)555-0100');
    expect(demo).not.toHaveTextContent('2145550100');
    expect(within(none).getAllByRole('cell').some((c) => c.textContent === '-')).toBe(true);
  });

  it('shows job counts past the 1,000 it counts to as "1,000+", the others as they are', async () => {
    mockApi.mockResolvedValue({
      data: [row, { ...row, id: 3, companyName: 'Scale Freight', totalJobs: 1000, totalJobsIsLowerBound: true, activeJobs: 640, activeJobsIsLowerBound: false }],
      pagination: { offset: 0, limit: 50, total: 2 },
    } as never);
    renderWithProviders(<CompanyGrid />);
    const [demo, scale] = await screen.findAllByTestId('company-row');
    expect(within(demo).getByRole('cell', { name: '1 / 3' })).toBeInTheDocument();
    expect(within(scale).getByRole('cell', { name: '640 / 1,000+' })).toBeInTheDocument();
  });

  it('keeps the Edit column pinned to the right edge on small screens, its header too', async () => {
    renderWithProviders(<CompanyGrid />);
    const [demo] = await screen.findAllByTestId('company-row');
    const actions = within(demo).getByTestId('company-actions');
    expect(actions).toContainElement(within(demo).getByRole('button', { name: 'Edit Demo Freight Lines' }));
    expect(actions.className).toMatch(/max-lg:sticky/);
    expect(actions.className).toMatch(/max-lg:right-0/);
    expect(actions.className).toMatch(/bg-white/);
    expect(screen.getByRole('columnheader', { name: 'Actions' }).className).toMatch(/max-lg:sticky.*max-lg:right-0|max-lg:right-0.*max-lg:sticky/);
  });

  it('asks for the created date the way the table shows it, mm/dd/yyyy', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CompanyGrid />);
    await user.selectOptions(screen.getByLabelText('Filter by'), 'created_at');
    expect(screen.getByLabelText('Value')).toHaveAttribute('placeholder', expect.stringMatching(/^mm\/dd\/yyyy/));
  });
});
