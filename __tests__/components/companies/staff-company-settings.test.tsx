import { screen, waitFor } from '@testing-library/react';
import { StaffCompanySettings } from '@/components/companies/staff-company-settings';
import { COMPANY_FIELDS, CompanySettingsForm } from '@/components/billing/company-settings-form';
import { api } from '@/lib/api/client';
import { AccountOwnerContext } from '@/lib/browser/account-storage';
import { renderWithProviders } from '../jobs/helpers';

const mockReplace = jest.fn();
let mockPath = '/company/settings/company-settings';
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: mockReplace, refresh: jest.fn() }), usePathname: () => mockPath }));
jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

const ADMIN = 2;
const DEMO = { id: 12, company_name: 'Demo Freight Lines', city: 'Dallas', state: 'TX', billing_type: 'CELERO' };

beforeEach(() => {
  window.sessionStorage.clear();
  mockReplace.mockReset();
  mockApi.mockReset();
  mockApi.mockImplementation(async () => ({ data: DEMO }) as never);
});

const renderSettings = (companyId: number | null) =>
  renderWithProviders(
    <AccountOwnerContext.Provider value={ADMIN}>
      <StaffCompanySettings companyId={companyId}>{companyId && <CompanySettingsForm key={companyId} companyId={companyId} fields={COMPANY_FIELDS} title="Company" description="d" />}</StaffCompanySettings>
    </AccountOwnerContext.Provider>,
  );

describe('company settings for an admin (issue 9, item 13)', () => {
  it('asks for a company instead of answering "Company not found."', () => {
    renderSettings(null);
    expect(screen.getByText('Choose a company')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Company' })).toBeInTheDocument();
    // No company is loaded (that was the 'Company not found.'); the focused picker only searches.
    expect(mockApi.mock.calls.map(([path]) => path).filter((p) => /^\/companies\/\d/.test(p))).toEqual([]);
    expect(mockReplace).not.toHaveBeenCalled();
  });

  it('edits the chosen company, and the next settings tab opens on it', async () => {
    const first = renderSettings(12);
    expect(await screen.findByLabelText('Company name')).toHaveValue('Demo Freight Lines');
    expect(mockApi).toHaveBeenCalledWith('/companies/12');
    first.unmount();

    mockPath = '/company/settings/address-settings';
    renderSettings(null);
    await waitFor(() => expect(mockReplace).toHaveBeenCalledWith('/company/settings/address-settings?company=12'));
  });
});
