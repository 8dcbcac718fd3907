import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdForm } from '@/components/ads/ad-form';
import { ToastProvider } from '@/components/ui/toast';
import { ApiError, api } from '@/lib/api/client';
import { staleEdit } from '@/lib/api/if-match';
import type { AdView } from '@/lib/ads/serialize-types';
import { leavingAsks } from '../../helpers/leaving';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }), usePathname: () => '/ads/manage' }));

function ad(over: Partial<AdView> = {}): AdView {
  return {
    id: 7,
    name: 'Spring tire sale',
    advertiser: 'Roadway Tires',
    headline: '20% off steer tires',
    media_id: `${'a'.repeat(24)}.webp`,
    media_type: 'image',
    media_url: `/api/v1.0/ads/media/${'a'.repeat(24)}.webp`,
    target_url: 'https://tires.example.com/sale',
    placements: ['members_home'],
    audience: 'drivers',
    states: [],
    starts_at: '2026-01-01T08:30:00.000Z',
    ends_at: '2026-12-20T18:45:00.000Z',
    status: 'active',
    weight: 1,
    impressions: 0,
    clicks: 0,
    ctr: 0,
    created_at: '2025-12-01T00:00:00.000Z',
    updated_at: '2025-12-01T00:00:00.000Z',
    ...over,
  };
}

const renderForm = (value?: AdView) =>
  render(
    <ToastProvider>
      <AdForm ad={value} />
    </ToastProvider>,
  );
const sent = () => {
  const [path, init] = mockApi.mock.calls.find(([, i]) => i?.method === 'PATCH' || i?.method === 'POST')!;
  return { path, body: init!.body as Record<string, unknown> };
};

beforeEach(() => {
  mockApi.mockReset();
  mockApi.mockResolvedValue({ data: {} } as never);
});

describe('AdForm', () => {
  it('keeps the exact start and end times of an ad when only the headline changes', async () => {
    renderForm(ad());
    const headline = screen.getByLabelText('Headline');
    await userEvent.clear(headline);
    await userEvent.type(headline, 'New headline');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mockApi).toHaveBeenCalled());
    const { path, body } = sent();
    expect(path).toBe('/ads/7');
    expect(body.headline).toBe('New headline');
    // Unchanged days are not sent, so the times stay 08:30Z and 18:45Z; nor is an unchanged status.
    expect(body).not.toHaveProperty('starts_at');
    expect(body).not.toHaveProperty('ends_at');
    expect(body).not.toHaveProperty('status');
  });

  it('sends the version it opened as If-Match; refused as changed elsewhere (412), it says so and keeps what was typed', async () => {
    const stale = staleEdit('ad');
    mockApi.mockRejectedValueOnce(new ApiError(stale, 412, [{ message: stale }]));
    renderForm(ad({ updated_at: '2026-03-02T10:20:30.456Z' }));
    const headline = screen.getByLabelText('Headline');
    await userEvent.clear(headline);
    await userEvent.type(headline, 'New headline');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(stale);
    const [path, init] = mockApi.mock.calls.find(([, i]) => i?.method === 'PATCH')!;
    expect(path).toBe('/ads/7');
    expect(init?.headers).toEqual({ 'if-match': '"2026-03-02T10:20:30.456Z"' });
    expect(headline).toHaveValue('New headline');
    expect(leavingAsks()).toBe(true);
  });

  it('sends a changed day, and a cleared end date as null', async () => {
    renderForm(ad());
    const starts = screen.getByLabelText(/^Starts/);
    await userEvent.clear(starts);
    await userEvent.type(starts, '2026-02-03');
    await userEvent.clear(screen.getByLabelText(/^Ends/));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mockApi).toHaveBeenCalled());
    expect(sent().body).toMatchObject({ starts_at: '2026-02-03', ends_at: null });
  });

  it('offers only the status changes the ad allows', () => {
    renderForm(ad({ status: 'paused' }));
    const options = [...(screen.getByLabelText('Status') as HTMLSelectElement).options].map((o) => o.value);
    expect(options).toEqual(['active', 'paused', 'ended']);
  });

  it('creates a drivers ad by default, with both dates as days', async () => {
    renderForm();
    expect(screen.getByLabelText('Audience')).toHaveValue('drivers');
    await userEvent.type(screen.getByLabelText(/^Name/), 'New ad');
    await userEvent.type(screen.getByLabelText('Advertiser'), 'Roadway Tires');
    await userEvent.type(screen.getByLabelText('Headline'), 'Tires');
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(mockApi).toHaveBeenCalled());
    const { path, body } = sent();
    expect(path).toBe('/ads');
    expect(body).toMatchObject({ name: 'New ad', status: 'draft', audience: 'drivers', placements: ['members_home'], starts_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), ends_at: null });
  });
});

describe('AdForm audience', () => {
  it('creates an employers ad on the Company Portal placement, saying before saving which placement it needs', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText(/^Name/), 'Fleet fuel cards');
    await userEvent.type(screen.getByLabelText('Advertiser'), 'FuelCo');
    await userEvent.type(screen.getByLabelText('Headline'), 'Save on every gallon');
    expect(screen.queryByTestId('placements-hint')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Audience'), 'employers');
    expect(screen.getByTestId('placements-hint')).toHaveTextContent('An ad for employers needs a placement employers see: add Company Portal: job detail.');
    await userEvent.click(screen.getByRole('checkbox', { name: /Company Portal: job detail/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Drivers Portal home/ }));
    expect(screen.queryByTestId('placements-hint')).toBeNull();
    expect(screen.getByRole('checkbox', { name: /Company Portal: job detail/ })).toHaveAccessibleName(/seen by employers/);
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(mockApi).toHaveBeenCalled());
    expect(sent().body).toMatchObject({ audience: 'employers', placements: ['company_job_detail'] });
  });

  it("shows an employers ad's audience, sends it on save, and shows the server's placements error", async () => {
    mockApi.mockRejectedValue(new ApiError('Unprocessable', 422, [{ field: 'placements', message: 'An ad for employers needs a placement employers see: add Company Portal: job detail.' }]));
    renderForm(ad({ audience: 'employers', placements: ['company_job_detail'] }));
    expect(screen.getByLabelText('Audience')).toHaveValue('employers');
    expect(screen.queryByRole('note')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mockApi).toHaveBeenCalled());
    expect(sent().body).toMatchObject({ audience: 'employers', placements: ['company_job_detail'] });
    expect(await screen.findByRole('alert')).toHaveTextContent('add Company Portal: job detail');
  });

  it('a refused save brings its first problem into view and focuses the field (on a phone they were above the fold)', async () => {
    mockApi.mockRejectedValue(new ApiError('Unprocessable', 422, [{ field: 'headline', message: 'Enter a headline.' }, { field: 'target_url', message: 'Enter a web address.' }]));
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      const { container } = renderForm(ad());
      const headline = container.querySelector('input[name="headline"]');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(headline).toHaveFocus());
      expect(scrolled[0]).toBe(headline);
    } finally {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });

  it('asks before a reload loses changed fields; opened and left alone, it does not', async () => {
    renderForm(ad());
    expect(leavingAsks()).toBe(false);
    await userEvent.type(screen.getByLabelText('Headline'), ' today');
    expect(leavingAsks()).toBe(true);
  });
});

describe('AdForm media upload', () => {
  const image = (name: string) => new File([new Uint8Array(64)], name, { type: 'image/png' });
  const answer = (id: string) => ({ data: { id, url: `/api/v1.0/ads/media/${id}` } }) as never;
  const chooseFile = (file: File) => userEvent.upload(screen.getByLabelText('Image or video'), file);
  const deleted = () => mockApi.mock.calls.filter(([, i]) => i?.method === 'DELETE').map(([path]) => path);

  it('cannot be saved while the media is uploading, and says why', async () => {
    let finish: (v: unknown) => void = () => undefined;
    mockApi.mockImplementation(((path: string) => (path === '/ads/multimedia/upload' ? new Promise((r) => (finish = r)) : Promise.resolve({ data: {} }))) as never);
    renderForm();
    await chooseFile(image('banner.png'));
    const activate = screen.getByRole('button', { name: 'Save and activate' });
    const draft = screen.getByRole('button', { name: 'Save as draft' });
    expect(activate).toBeDisabled();
    expect(draft).toBeDisabled();
    expect(activate).toHaveAccessibleDescription('Wait for the upload to finish before saving.');
    finish({ data: { id: `${'b'.repeat(24)}.webp`, url: '/x' } });
    await waitFor(() => expect(activate).toBeEnabled());
    expect(draft).toBeEnabled();
    expect(screen.queryByText('Wait for the upload to finish before saving.')).toBeNull();
  });

  it('deletes an upload it replaces, and one it leaves unsaved, but never the saved one', async () => {
    const first = `${'c'.repeat(24)}.webp`;
    const second = `${'d'.repeat(24)}.webp`;
    mockApi.mockResolvedValueOnce(answer(first)).mockResolvedValueOnce(answer(second)).mockResolvedValue({ data: {} } as never);
    const view = renderForm(ad());
    await chooseFile(image('one.png'));
    await waitFor(() => expect(screen.getByTestId('ad-preview').querySelector('img')).toHaveAttribute('src', expect.stringContaining(first)));
    await chooseFile(image('two.png'));
    await waitFor(() => expect(deleted()).toEqual([`/ads/multimedia/delete/${first}`]));
    view.unmount();
    expect(deleted()).toEqual([`/ads/multimedia/delete/${first}`, `/ads/multimedia/delete/${second}`]);
  });

  it('cancels a video upload: aborts the chunk on its way, sends no more, drops the upload on the server and keeps the media it had', async () => {
    type Init = { method?: string; body?: FormData; signal?: AbortSignal };
    mockApi.mockImplementation((async (_path: string, o: Init = {}) => {
      if (o.method !== 'POST' || !(o.body instanceof FormData)) return { data: {} };
      if (o.body.get('stage') === 'chunk' && o.body.get('part_number') === '2') {
        return new Promise((_, reject) => o.signal!.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))));
      }
      return { data: { upload_id: 'u9' } };
    }) as never);
    const uploads = () => mockApi.mock.calls.filter(([path, i]) => path === '/ads/multimedia/upload' && i?.method === 'POST').map(([, i]) => i!.body as FormData);
    renderForm(ad());
    await chooseFile(new File([new Uint8Array(12 * 1024 * 1024)], 'clip.mp4', { type: 'video/mp4' }));
    await waitFor(() => expect(uploads().map((b) => b.get('part_number'))).toContain('2'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));

    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.getByText('Upload cancelled.')).toHaveAttribute('role', 'status');
    expect(uploads().map((b) => `${b.get('stage')}${b.get('part_number') ?? ''}`)).toEqual(['start', 'chunk1', 'chunk2']);
    const partTwo = mockApi.mock.calls.find(([, i]) => i?.body instanceof FormData && i.body.get('part_number') === '2')!;
    expect(partTwo[1]!.signal!.aborted).toBe(true);
    await waitFor(() => expect(deleted()).toEqual(['/ads/multimedia/upload/u9']));
    // The ad's own image is still its media, no error is shown, and the form can be saved again.
    expect(screen.getByTestId('ad-preview').querySelector('img')).toHaveAttribute('src', expect.stringContaining('a'.repeat(24)));
    expect(screen.queryByText('multimedia upload failed')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.getByLabelText('Image or video')).toHaveFocus();
  });

  it('keeps the upload the ad was saved with when the form goes away', async () => {
    const file = `${'e'.repeat(24)}.webp`;
    mockApi.mockResolvedValueOnce(answer(file)).mockResolvedValue({ data: {} } as never);
    const view = renderForm(ad());
    await chooseFile(image('one.png'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mockApi.mock.calls.find(([, i]) => i?.method === 'PATCH')?.[1]?.body).toMatchObject({ media_id: file }));
    view.unmount();
    expect(deleted()).toEqual([]);
  });
});

describe('AdForm errors', () => {
  it('clears each field error when its field is edited, and the media error once media is uploaded', async () => {
    mockApi.mockRejectedValueOnce(
      new ApiError('Unprocessable', 422, [
        { field: 'name', message: 'Enter a name for the ad' },
        { field: 'advertiser', message: 'Enter the advertiser' },
        { field: 'headline', message: 'Enter a headline' },
        { field: 'media_id', message: 'Upload an image or a video for the ad' },
      ]),
    );
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('Enter a name for the ad')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Name/), 'New ad');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('New ad');
    expect(screen.queryByText('Enter a name for the ad')).toBeNull();
    expect(screen.getByText('Enter the advertiser')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Advertiser/), 'Roadway Tires');
    await userEvent.type(screen.getByLabelText(/^Headline/), 'Tires');
    expect(screen.queryByText('Enter the advertiser')).toBeNull();
    expect(screen.queryByText('Enter a headline')).toBeNull();
    expect(screen.getByText('Upload an image or a video for the ad')).toBeInTheDocument();
    mockApi.mockResolvedValueOnce({ data: { id: `${'f'.repeat(24)}.mp4`, url: '/v' } } as never);
    await userEvent.upload(screen.getByLabelText('Image or video'), new File([new Uint8Array(64)], 'clip.mp4', { type: 'video/mp4' }));
    await waitFor(() => expect(screen.queryByText('Upload an image or a video for the ad')).toBeNull());
  });
});
