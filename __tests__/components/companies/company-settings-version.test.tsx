import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMPANY_FIELDS, CompanySettingsForm } from '@/components/billing/company-settings-form';
import { ApiError, api } from '@/lib/api/client';
import { staleEdit } from '@/lib/api/if-match';
import { renderWithProviders } from '../jobs/helpers';

jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }), usePathname: () => '/company/settings/company-settings' }));
jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

const OPENED = '2026-11-27T10:00:00.000Z';
const company = (changes: Record<string, unknown> = {}) => ({ id: 12, company_name: 'Demo Freight Lines', city: 'Dallas', state: 'TX', billing_type: 'CELERO', logo: null, updated_at: OPENED, ...changes });

const patches = () => mockApi.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => init!.headers);

beforeEach(() => {
  mockApi.mockReset();
  mockApi.mockImplementation(async (_path, init) => ({ data: init?.method === 'PATCH' ? company({ company_name: 'Renamed', updated_at: '2026-11-27T10:05:00.000Z' }) : company() }) as never);
});

const renderForm = () => renderWithProviders(<CompanySettingsForm companyId={12} fields={COMPANY_FIELDS} title="Company" description="d" />);

describe('the company details form and saves made elsewhere (If-Match)', () => {
  it('sends the version it opened', async () => {
    renderForm();
    const name = await screen.findByLabelText('Company name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Renamed');
    await userEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(patches()).toEqual([{ 'if-match': `"${OPENED}"` }]));
  });

  it('a refresh that changed a field it shows keeps the old version: the save is refused (412), says so and keeps the typing', async () => {
    const { client } = renderForm();
    const name = await screen.findByLabelText('Company name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Renamed');
    // A colleague changed the billing email meanwhile; the page refetched (focus). Sent from the
    // old version, the save would put the old email back (the form holds every field it shows).
    act(() => client.setQueryData(['companies', 12], company({ email: 'ap@demo.test', updated_at: '2026-11-27T10:03:00.000Z' })));
    const stale = staleEdit('company');
    mockApi.mockRejectedValueOnce(new ApiError(stale, 412, [{ message: stale }]));
    await userEvent.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText(stale)).toBeInTheDocument();
    expect(patches()).toEqual([{ 'if-match': `"${OPENED}"` }]);
    expect(name).toHaveValue('Renamed');
  });

  it('a refresh that changed nothing it shows (the logo beside it) moves the version on', async () => {
    const { client } = renderForm();
    const name = await screen.findByLabelText('Company name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Renamed');
    act(() => client.setQueryData(['companies', 12], company({ logo: '/api/v1.0/companies/logo/12', updated_at: '2026-11-27T10:04:00.000Z' })));
    await userEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(patches()).toEqual([{ 'if-match': '"2026-11-27T10:04:00.000Z"' }]));
  });
});
