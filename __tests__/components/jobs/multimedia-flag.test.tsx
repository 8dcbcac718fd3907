import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaymentStep } from '@/components/billing/payment-step';
import { VideoField } from '@/components/jobs/wizard/video-field';
import { ApiError, api } from '@/lib/api/client';
import { clearJobDraft, draftSlot, draftStorageKey, emptyDraft, readJobDraft, setMultimediaUploadFailed, writeJobDraft } from '@/lib/jobs/draft';
import { paymentSummary, renderWithProviders } from './helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn() }), usePathname: () => '/company/jobs/new/payment-method' }));

beforeEach(() => {
  mockApi.mockReset();
  clearJobDraft('new');
});

describe('the draft flag multimediaUploadFailed (spec §3)', () => {
  it('starts false and is kept in the stored draft when set', () => {
    expect(emptyDraft().multimediaUploadFailed).toBe(false);
    const slot = draftSlot('new', 5);
    setMultimediaUploadFailed(slot, true);
    expect(readJobDraft(slot).multimediaUploadFailed).toBe(true);
    expect(JSON.parse(localStorage.getItem(draftStorageKey(slot)!)!).multimediaUploadFailed).toBe(true);
    setMultimediaUploadFailed(slot, false);
    expect(readJobDraft(slot).multimediaUploadFailed).toBe(false);
    expect(readJobDraft(draftSlot('duplicate', 5)).multimediaUploadFailed).toBe(false);
  });
});

describe('the video field reports upload outcomes for the flag', () => {
  function setup(value = '') {
    const onChange = jest.fn();
    const onUploadResult = jest.fn();
    renderWithProviders(<VideoField value={value} onChange={onChange} onUploadResult={onUploadResult} />);
    return { onChange, onUploadResult };
  }
  async function choose(file = new File(['x'.repeat(100)], 'clip.mp4', { type: 'video/mp4' })) {
    await userEvent.click(screen.getByRole('radio', { name: 'Upload a file' }));
    fireEvent.change(screen.getByLabelText(/Choose a video file/), { target: { files: [file] } });
  }

  it('sets it when the upload still fails after its retry', async () => {
    mockApi.mockRejectedValue(new Error('network down'));
    const { onUploadResult } = setup();
    await choose();
    await waitFor(() => expect(onUploadResult).toHaveBeenCalledWith(true));
    expect(screen.getByRole('alert')).toHaveTextContent('multimedia upload failed');
    expect(mockApi).toHaveBeenCalledTimes(2);
  });

  it('clears it on a successful upload', async () => {
    mockApi.mockResolvedValue({ data: { video_url: '/api/v1.0/jobs/multimedia/c1/a.mp4' } });
    const { onUploadResult } = setup();
    await choose();
    await waitFor(() => expect(onUploadResult).toHaveBeenCalledWith(false));
    expect(onUploadResult).not.toHaveBeenCalledWith(true);
  });

  it('does not set it when the server refuses the file itself (422 says why)', async () => {
    mockApi.mockRejectedValue(new ApiError('Choose an mp4 or webm video', 422, [{ message: 'Choose an mp4 or webm video' }]));
    const { onUploadResult } = setup();
    await choose();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Choose an mp4 or webm video'));
    expect(onUploadResult).not.toHaveBeenCalledWith(true);
  });

  it('clears it when the video is removed', async () => {
    const { onChange, onUploadResult } = setup('https://videos.example.com/a.mp4');
    await userEvent.click(screen.getByRole('button', { name: 'Remove video' }));
    expect(onChange).toHaveBeenCalledWith('');
    expect(onUploadResult).toHaveBeenCalledWith(false);
  });
});

describe('the payment step reads the flag', () => {
  const summary = paymentSummary({ job_id: 9, title: 'Flatbed Driver' });

  it("refuses to pay the draft's posting while its video upload failed, with the spec message", async () => {
    mockApi.mockResolvedValue({ data: summary } as never);
    writeJobDraft('new', { jobId: 9, jobsPostToken: 'tok-123456789', multimediaUploadFailed: true });
    renderWithProviders(<PaymentStep jobIdParam={9} kind="new" />);
    expect(await screen.findByText(/multimedia upload failed/)).toBeInTheDocument();
    expect(screen.getByTestId('pay-button')).toBeDisabled();
  });

  it('pays normally once the flag is cleared', async () => {
    mockApi.mockResolvedValue({ data: summary } as never);
    writeJobDraft('new', { jobId: 9, jobsPostToken: 'tok-123456789', multimediaUploadFailed: false });
    renderWithProviders(<PaymentStep jobIdParam={9} kind="new" />);
    expect(await screen.findByTestId('pay-button')).toBeEnabled();
    expect(screen.queryByText(/multimedia upload failed/)).not.toBeInTheDocument();
  });

  it("ignores the draft's flag when paying another job (Pay now from the list)", async () => {
    mockApi.mockResolvedValue({ data: summary } as never);
    writeJobDraft('new', { jobId: 3, multimediaUploadFailed: true });
    renderWithProviders(<PaymentStep jobIdParam={9} kind="new" />);
    expect(await screen.findByTestId('pay-button')).toBeEnabled();
  });
});
