import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CompanyFormDialog } from '@/components/admin/company-form-dialog';
import { api } from '@/lib/api/client';
import { renderWithProviders } from '../jobs/helpers';

// The App Router's next/dynamic with the dialog's code 20 ms late, as over the network.
jest.mock('next/dynamic', () => {
  const actual = jest.requireActual('next/dist/shared/lib/app-dynamic').default;
  return {
    __esModule: true,
    default: (loader: () => Promise<unknown>, options?: object) => actual(() => new Promise((r) => setTimeout(r, 20)).then(loader), options),
  };
});
jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

const demo = { id: 3, company_name: 'Demo Freight Lines', email: 'billing@demo.test', billing_type: 'CELERO', type: 2, street1: '1 Main St', phone: '+12145550100' };

beforeEach(() => {
  mockApi.mockReset();
  // The company arrives after the dialog opened (its loading state shows first).
  mockApi.mockImplementation(() => new Promise((r) => setTimeout(() => r({ data: demo } as never), 60)));
});

function Grid() {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  return (
    <>
      <button type="button" onClick={() => setEditing(3)}>
        Edit Demo Freight Lines
      </button>
      <button type="button" onClick={() => setEditing('new')}>
        Create company
      </button>
      {editing !== null && <CompanyFormDialog companyId={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

describe('the company dialog takes the focus (it stayed on the Edit button behind it)', () => {
  it.each([
    ['Edit Demo Freight Lines', 'Demo Freight Lines'],
    ['Create company', ''],
  ])('%s: the first field has the focus once it shows, Tab stays inside, Escape gives it back', async (opener, name) => {
    const user = userEvent.setup();
    renderWithProviders(<Grid />);
    const button = screen.getByRole('button', { name: opener });
    await user.click(button);
    const field = await screen.findByLabelText(/Company name/);
    expect(field).toHaveValue(name);
    // The loading dialog closing must not send the focus back to the opener after the form took it.
    await new Promise((r) => setTimeout(r, 50));
    await waitFor(() => expect(field).toHaveFocus());
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 12; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });
});
