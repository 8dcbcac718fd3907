import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContentScreen } from '@/components/jobs/wizard/content-screen';
import { api } from '@/lib/api/client';
import { AccountOwnerContext } from '@/lib/browser/account-storage';
import { clearJobDraft, draftSlot, readJobDraft } from '@/lib/jobs/draft';
import { editorJson, renderWithProviders } from './helpers';

jest.mock('@/components/editor/lazy-editor', () => ({
  LazyRichTextEditor: ({ onChange }: { onChange: (json: string) => void }) => <textarea aria-label="Job description" onChange={(e) => onChange(mockEditorJson(e.target.value))} />,
}));
const mockEditorJson = (text: string) => editorJson(text);
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn() }), usePathname: () => '/company/jobs/new' }));
jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

const STAFF = 3;
const LONE_STAR = { id: 41, company_name: 'Lone Star Haulers', city: 'Austin', state: 'TX' };

beforeAll(() => {
  Element.prototype.scrollIntoView = jest.fn();
});
beforeEach(() => {
  window.localStorage.clear();
  clearJobDraft(draftSlot('new', STAFF));
  mockApi.mockReset();
  mockApi.mockImplementation(async (path: string) => ({ data: path.startsWith('/companies?search=') ? [LONE_STAR] : {} }) as never);
});

const renderScreen = (chooseCompany: boolean) =>
  renderWithProviders(
    <AccountOwnerContext.Provider value={STAFF}>
      <ContentScreen mode="new" chooseCompany={chooseCompany} />
    </AccountOwnerContext.Provider>,
  );

describe('the new-job wizard for staff (issue 9, item 14)', () => {
  it('asks for the company first, then shows the job form, and keeps the choice in the draft', async () => {
    renderScreen(true);
    expect(await screen.findByText('Choose the company first')).toBeInTheDocument();
    expect(screen.queryByLabelText('Job title')).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('combobox', { name: 'Company' }), 'lone');
    await waitFor(() => expect(mockApi).toHaveBeenCalledWith('/companies?search=lone'));
    await userEvent.click(await screen.findByRole('option', { name: /Lone Star Haulers/ }));
    expect(await screen.findByLabelText('Job title')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Company' })).toHaveValue('Lone Star Haulers · Austin, TX');
    await waitFor(() => expect(readJobDraft(draftSlot('new', STAFF)).company).toEqual(LONE_STAR));
  });

  it('does not ask a company user, who always posts for their own company', async () => {
    renderScreen(false);
    expect(await screen.findByLabelText('Job title')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Company' })).not.toBeInTheDocument();
  });
});
