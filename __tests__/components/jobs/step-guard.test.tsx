import { screen, waitFor, within } from '@testing-library/react';
import { AddonsScreen } from '@/components/jobs/wizard/addons-screen';
import { AddressScreen } from '@/components/jobs/wizard/address-screen';
import { ContentScreen } from '@/components/jobs/wizard/content-screen';
import { EMPTY_CONTENT } from '@/components/jobs/wizard/content-step';
import { AccountOwnerContext } from '@/lib/browser/account-storage';
import { clearJobDraft, draftSlot, writeJobDraft, type DraftAddress, type JobContentValues } from '@/lib/jobs/draft';
import { editorJson, renderWithProviders } from './helpers';

/*
 * The wizard's later steps open only once the earlier ones pass their rules. The draft keeps what
 * is typed as it changes, so a draft with a title and nothing else used to count as a finished
 * first step: the address step opened, and the missing fields surfaced only as the server's
 * refusal after "Continue to payment".
 */

const mockReplace = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: mockReplace }), usePathname: () => '/company/jobs/new' }));
jest.mock('@/components/editor/lazy-editor', () => ({ LazyRichTextEditor: () => <textarea aria-label="Job description" /> }));
jest.mock('@/components/jobs/wizard/address-step', () => ({ AddressStep: () => <p>The address step</p> }));
jest.mock('@/components/jobs/wizard/addons-step', () => ({ AddonsStep: () => <p>The add-ons step</p> }));

const OWNER = 7;
const slot = draftSlot('new', OWNER);

const COMPLETE: JobContentValues = {
  ...EMPTY_CONTENT,
  title: 'Regional CDL-A Driver',
  job_type: 'dry_van',
  home_time: 'HW',
  required_experience: 'Y1',
  expected_pay: '1450.50',
  job_description: editorJson('Texas lanes'),
};
const HALF_WRITTEN: JobContentValues = { ...EMPTY_CONTENT, title: 'Regional CDL-A Driver' };
const MEMPHIS: DraftAddress = {
  key: 'a1',
  description: '100 Main St, Memphis, TN 38103, USA',
  address: '100 Main St',
  city: 'Memphis',
  stateName: 'Tennessee',
  state: 'TN',
  zipCode: '38103',
  country: 'US',
  coordinates: { lat: 35.14, lng: -90.05 },
};

const render = (ui: React.ReactElement) => renderWithProviders(<AccountOwnerContext.Provider value={OWNER}>{ui}</AccountOwnerContext.Provider>);
const progress = () => within(screen.getAllByRole('navigation', { name: 'Progress' })[0]);

beforeEach(() => {
  window.localStorage.clear();
  clearJobDraft(slot);
  mockReplace.mockReset();
});

describe('the new-job wizard opens a step only after the steps before it pass', () => {
  it('sends a half-written job from the address step back to the content step', async () => {
    writeJobDraft(slot, { content: HALF_WRITTEN });
    render(<AddressScreen mode="new" />);
    await waitFor(() => expect(mockReplace).toHaveBeenCalledWith('/company/jobs/new'));
    expect(screen.queryByText('The address step')).not.toBeInTheDocument();
  });

  it('opens the address step for content that passes the rules', async () => {
    writeJobDraft(slot, { content: COMPLETE });
    render(<AddressScreen mode="new" />);
    expect(await screen.findByText('The address step')).toBeInTheDocument();
    expect(mockReplace).not.toHaveBeenCalled();
  });

  it('sends the add-ons step back to the address step until there is an address, and to the content step before that', async () => {
    writeJobDraft(slot, { content: COMPLETE });
    const first = render(<AddonsScreen mode="new" />);
    await waitFor(() => expect(mockReplace).toHaveBeenCalledWith('/company/jobs/new/targeting-address'));
    first.unmount();

    mockReplace.mockReset();
    writeJobDraft(slot, { content: HALF_WRITTEN, addresses: [MEMPHIS] });
    const second = render(<AddonsScreen mode="new" />);
    await waitFor(() => expect(mockReplace).toHaveBeenCalledWith('/company/jobs/new'));
    second.unmount();

    mockReplace.mockReset();
    writeJobDraft(slot, { content: COMPLETE, addresses: [MEMPHIS] });
    render(<AddonsScreen mode="new" />);
    expect(await screen.findByText('The add-ons step')).toBeInTheDocument();
    expect(mockReplace).not.toHaveBeenCalled();
  });

  it('links the next step in the progress bar only once the content passes', async () => {
    writeJobDraft(slot, { content: HALF_WRITTEN });
    const first = render(<ContentScreen mode="new" />);
    expect(await screen.findByLabelText('Job title')).toBeInTheDocument();
    // Give the check its chance to run: the step must still not be a link after it.
    await new Promise((r) => setTimeout(r, 50));
    expect(progress().queryByRole('link', { name: /Targeting address/ })).not.toBeInTheDocument();
    first.unmount();

    writeJobDraft(slot, { content: COMPLETE });
    render(<ContentScreen mode="new" />);
    expect(await progress().findByRole('link', { name: /Targeting address/ })).toBeInTheDocument();
  });
});
