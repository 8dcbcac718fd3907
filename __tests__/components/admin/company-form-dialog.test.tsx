import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BILLING_SWITCH_HINT, CompanyFormDialog } from '@/components/admin/company-form-dialog';
import { api } from '@/lib/api/client';
import { renderWithProviders } from '../jobs/helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

const demo = { id: 3, company_name: 'Demo Freight Lines', email: 'billing@demo.test', billing_type: 'CELERO', type: 2, street1: '1 Main St', phone: null };

beforeEach(() => {
  mockApi.mockReset();
  mockApi.mockResolvedValue({ data: demo } as never);
});

describe("an admin's billing-type switch says what it changes before it is saved", () => {
  it('describes the switch under the choice, in both directions, and nothing when it is put back', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CompanyFormDialog companyId={3} onClose={() => {}} />);
    const billing = await screen.findByLabelText('Billing type');
    expect(billing).not.toHaveAccessibleDescription();
    await user.selectOptions(billing, 'CONTRACT');
    expect(billing).toHaveAccessibleDescription(BILLING_SWITCH_HINT.CONTRACT);
    expect(BILLING_SWITCH_HINT.CONTRACT).toMatch(/renewals included, this company's jobs are invoiced instead of charged to its card/);
    await user.selectOptions(billing, 'CELERO');
    expect(billing).not.toHaveAccessibleDescription();
    expect(mockApi.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET')).toHaveLength(0);
  });

  it('says the card switch can make a renewal fail', async () => {
    mockApi.mockResolvedValue({ data: { ...demo, billing_type: 'CONTRACT' } } as never);
    const user = userEvent.setup();
    renderWithProviders(<CompanyFormDialog companyId={3} onClose={() => {}} />);
    const billing = await screen.findByLabelText('Billing type');
    await user.selectOptions(billing, 'CELERO');
    expect(billing).toHaveAccessibleDescription(/a renewal without a saved card fails and the company is mailed/);
  });

  it('says nothing on a new company: there is no switch', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CompanyFormDialog companyId={null} onClose={() => {}} />);
    const billing = await screen.findByLabelText('Billing type');
    await user.selectOptions(billing, 'CONTRACT');
    expect(billing).not.toHaveAccessibleDescription();
  });
});
