import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CompanyAddressSettings } from '@/components/companies/company-address-settings';
import { api, ApiError } from '@/lib/api/client';
import { staleEdit } from '@/lib/api/if-match';
import { NonUsAddressError, searchPlaces } from '@/lib/geo/gazetteer';
import { renderWithProviders } from '../jobs/helpers';

jest.mock('next/dynamic', () => () => () => null);
jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

const DALLAS = { id: 12, street1: '2100 Commerce St', street2: '', city: 'Dallas', state: 'TX', postal_code: '75201', country: 'US', coordinates: { lat: 32.7831, lng: -96.8067 }, updated_at: '2026-03-02T10:20:30.456Z' };

beforeEach(() => {
  mockApi.mockReset();
  // The company, and the gazetteer's real answers behind GET /geo/autocomplete.
  mockApi.mockImplementation(async (path: string, init?: { method?: string; body?: unknown }) => {
    if (path.startsWith('/geo/autocomplete')) {
      try {
        return { data: searchPlaces(new URL(path, 'http://x').searchParams.get('q') ?? '') } as never;
      } catch (error) {
        // What the route answers for a place abroad (422 with the gazetteer's message).
        if (error instanceof NonUsAddressError) throw new ApiError(error.message, 422, [{ message: error.message }]);
        throw error;
      }
    }
    if (init?.method === 'PATCH') return { data: { ...DALLAS, ...(init.body as object), coordinates: { lat: 32.7589, lng: -97.328 } } } as never;
    return { data: DALLAS } as never;
  });
});

describe('the company address tab (issue 12: the shared US address component)', () => {
  it('opens on the saved address and sends a picked place with its coordinates', async () => {
    const user = userEvent.setup();
    renderSettings();
    const box = await screen.findByRole('combobox', { name: 'Company address' });
    expect(box).toHaveValue('2100 Commerce St, Dallas, TX 75201, USA');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    await user.clear(box);
    await user.type(box, '76102');
    await user.click(await screen.findByRole('option', { name: /Fort Worth/ }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(mockApi).toHaveBeenCalledWith('/companies/12', expect.objectContaining({ method: 'PATCH' })));
    const patch = mockApi.mock.calls.find(([, init]) => init?.method === 'PATCH')![1]!.body;
    expect(patch).toEqual({ street1: '', street2: '', city: 'Fort Worth', state: 'TX', postal_code: '76102', country: 'US', latitude: 32.7589, longitude: -97.328 });
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
  });

  it('sends the version it opened as If-Match; refused as changed elsewhere (412), it says so and keeps the picked place', async () => {
    const user = userEvent.setup();
    const stale = staleEdit('company');
    renderSettings();
    const box = await screen.findByRole('combobox', { name: 'Company address' });
    await user.clear(box);
    await user.type(box, '76102');
    await user.click(await screen.findByRole('option', { name: /Fort Worth/ }));
    const answer = mockApi.getMockImplementation()!;
    mockApi.mockImplementation(async (path, init) => {
      if (init?.method === 'PATCH') throw new ApiError(stale, 412, [{ message: stale }]);
      return answer(path, init);
    });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(stale)).toBeInTheDocument();
    const patches = mockApi.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0][1]!.headers).toEqual({ 'if-match': '"2026-03-02T10:20:30.456Z"' });
    expect(screen.getByRole('combobox', { name: 'Company address' })).toHaveValue('Fort Worth, TX 76102, USA');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('refuses a place outside the US without sending anything', async () => {
    const user = userEvent.setup();
    renderSettings();
    const box = await screen.findByRole('combobox', { name: 'Company address' });
    await user.clear(box);
    await user.type(box, 'Toronto, ON');
    expect((await screen.findAllByText('Addresses should be from the US')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(mockApi.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });
});

function renderSettings() {
  return renderWithProviders(<CompanyAddressSettings companyId={12} title="Company address" description="d" />);
}
