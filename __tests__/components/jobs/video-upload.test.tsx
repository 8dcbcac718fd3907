import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VideoField } from '@/components/jobs/wizard/video-field';
import { ApiError, api } from '@/lib/api/client';
import { chunkSize } from '@/lib/jobs/video-upload';
import { renderWithProviders } from './helpers';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;
const MB = 1024 * 1024;

const stageOf = (call: unknown[]) => ((call[1] as { body: FormData }).body.get('stage') as string) ?? '';

function setup() {
  const onChange = jest.fn();
  renderWithProviders(<VideoField value="" onChange={onChange} />);
  return onChange;
}

async function choose(file: File) {
  await userEvent.click(screen.getByRole('radio', { name: 'Upload a file' }));
  fireEvent.change(screen.getByLabelText(/Choose a video file/), { target: { files: [file] } });
}

beforeEach(() => mockApi.mockReset());

describe('video upload', () => {
  it('sends a small file in one request (stage simple) and keeps the server\'s path, which the job schema accepts on any host', async () => {
    mockApi.mockResolvedValue({ data: { video_url: '/api/v1.0/jobs/multimedia/c1/a.mp4' } });
    const onChange = setup();
    await choose(new File(['x'.repeat(100)], 'clip.mp4', { type: 'video/mp4' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('/api/v1.0/jobs/multimedia/c1/a.mp4'));
    expect(mockApi.mock.calls.map(stageOf)).toEqual(['simple']);
    expect((mockApi.mock.calls[0][1] as { body: FormData }).body.get('extension')).toBe('mp4');
  });

  it('sends a file of 10 MB or more in chunks: start, chunks of 5 MB, finish', async () => {
    mockApi.mockImplementation(async (_p, o) => {
      const stage = (o as { body: FormData }).body.get('stage');
      return { data: stage === 'finish' ? { video_url: '/api/v1.0/jobs/multimedia/c1/b.webm' } : { upload_id: 'u1' } } as never;
    });
    const onChange = setup();
    await choose(new File([new Uint8Array(12 * MB)], 'long.webm', { type: 'video/webm' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(mockApi.mock.calls.map(stageOf)).toEqual(['start', 'chunk', 'chunk', 'chunk', 'finish']);
    const finish = (mockApi.mock.calls.at(-1)![1] as { body: FormData }).body;
    expect(finish.get('parts')).toBe('[1,2,3]');
  });

  it('shows a progress bar with the percentage sent while the chunks go up', async () => {
    let release: () => void = () => {};
    mockApi.mockImplementation(async (_p, o) => {
      const body = (o as { body: FormData }).body;
      const stage = body.get('stage');
      // Hold the third chunk, so the bar can be read part-way.
      if (stage === 'chunk' && body.get('part_number') === '3') await new Promise<void>((r) => (release = r));
      return { data: stage === 'finish' ? { video_url: '/api/v1.0/jobs/multimedia/c1/b.webm' } : { upload_id: 'u1' } } as never;
    });
    const onChange = setup();
    await choose(new File([new Uint8Array(12 * MB)], 'long.webm', { type: 'video/webm' }));
    const bar = await screen.findByRole('progressbar', { name: 'Uploading long.webm' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '83'));
    expect(screen.getByText('83%')).toBeInTheDocument();
    release();
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('retries a failed step once, then reports the spec message', async () => {
    mockApi.mockRejectedValue(new ApiError('Internal server error', 500));
    setup();
    await choose(new File(['x'], 'clip.mp4', { type: 'video/mp4' }));
    expect(await screen.findByText('multimedia upload failed')).toBeInTheDocument();
    expect(mockApi).toHaveBeenCalledTimes(2);
  });

  it('does not send a refused step again: a finish refused for its size has ended the upload', async () => {
    mockApi.mockImplementation(async (_p, o) => {
      if ((o as { body: FormData }).body.get('stage') === 'finish') throw new ApiError('This video is too large: videos may be at most 500 MB.', 413);
      return { data: { upload_id: 'u1' } } as never;
    });
    setup();
    await choose(new File([new Uint8Array(12 * MB)], 'long.webm', { type: 'video/webm' }));
    expect(await screen.findByText('multimedia upload failed')).toBeInTheDocument();
    expect(mockApi.mock.calls.map(stageOf)).toEqual(['start', 'chunk', 'chunk', 'chunk', 'finish']);
  });

  it("says when the company has sent its day's uploads, without sending again", async () => {
    const day = "You have reached today's upload limit of 5 GB. Try again in 3 hours.";
    mockApi.mockRejectedValue(new ApiError(day, 429));
    const onChange = setup();
    await choose(new File(['x'], 'clip.mp4', { type: 'video/mp4' }));
    expect(await screen.findByText(day)).toBeInTheDocument();
    expect(mockApi).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses other file types before sending anything', async () => {
    setup();
    await choose(new File(['x'], 'clip.avi', { type: 'video/avi' }));
    expect(await screen.findByText('Choose an mp4 or webm video')).toBeInTheDocument();
    expect(mockApi).not.toHaveBeenCalled();
  });

  describe('cancel', () => {
    type Init = { method?: string; body?: FormData; signal?: AbortSignal };
    const posts = () => mockApi.mock.calls.filter(([, o]) => (o as Init).method === 'POST');
    const deletes = () => mockApi.mock.calls.filter(([, o]) => (o as Init).method === 'DELETE').map(([path]) => path);
    /** Chunked upload u1 whose part 2 stays on its way until its request is aborted. */
    function holdPartTwo() {
      mockApi.mockImplementation((async (_path: string, o: Init) => {
        if (o.method === 'DELETE') return { data: { upload_id: 'u1' } };
        const stage = o.body!.get('stage');
        if (stage === 'chunk' && o.body!.get('part_number') === '2') {
          return new Promise((_, reject) => o.signal!.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError'))));
        }
        return { data: stage === 'finish' ? { video_url: '/api/v1.0/jobs/multimedia/c1/b.webm' } : { upload_id: 'u1' } };
      }) as never);
    }
    const partTwoOnItsWay = () => waitFor(() => expect(posts().map(([, o]) => (o as Init).body!.get('part_number'))).toContain('2'));

    it('from the keyboard: aborts the chunk on its way, sends no more, drops the upload on the server, keeps the previous video and says so', async () => {
      holdPartTwo();
      const onChange = jest.fn();
      const onUploadResult = jest.fn();
      const previous = 'https://www.youtube.com/watch?v=previous';
      renderWithProviders(<VideoField value={previous} onChange={onChange} onUploadResult={onUploadResult} />);
      await choose(new File([new Uint8Array(12 * MB)], 'long.webm', { type: 'video/webm' }));
      await partTwoOnItsWay();

      const cancel = screen.getByRole('button', { name: 'Cancel upload' });
      cancel.focus();
      await userEvent.keyboard('{Enter}');

      await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
      expect(screen.getByText('Upload cancelled.')).toHaveAttribute('role', 'status');
      // The chunk on its way was aborted and nothing followed it: no part 3, no finish.
      const partTwo = posts().find(([, o]) => (o as Init).body!.get('part_number') === '2')!;
      expect((partTwo[1] as Init).signal!.aborted).toBe(true);
      expect(posts().map(stageOf)).toEqual(['start', 'chunk', 'chunk']);
      await waitFor(() => expect(deletes()).toEqual(['/jobs/multimedia/upload/u1']));
      // The field is as it was: the previous video, no error, not a failed upload; the focus back on the file input.
      expect(onChange).not.toHaveBeenCalled();
      expect(onUploadResult).not.toHaveBeenCalled();
      expect(screen.getByRole('link', { name: previous })).toBeInTheDocument();
      expect(screen.queryByText('multimedia upload failed')).not.toBeInTheDocument();
      expect(screen.getByText('Choose a video file')).toBeInTheDocument();
      expect(screen.getByLabelText(/Choose a video file/)).toBeEnabled();
      expect(screen.getByLabelText(/Choose a video file/)).toHaveFocus();
    });

    it('leaving the form mid-upload cancels it and drops it on the server', async () => {
      holdPartTwo();
      const view = renderWithProviders(<VideoField value="" onChange={jest.fn()} />);
      await choose(new File([new Uint8Array(12 * MB)], 'long.webm', { type: 'video/webm' }));
      await partTwoOnItsWay();
      view.unmount();
      await waitFor(() => expect(deletes()).toEqual(['/jobs/multimedia/upload/u1']));
      expect(posts().map(stageOf)).toEqual(['start', 'chunk', 'chunk']);
    });
  });

  it('sizes chunks as the spec says', () => {
    expect(chunkSize(12 * MB)).toBe(5 * MB);
    expect(chunkSize(45 * MB)).toBe(10 * MB);
    expect(chunkSize(100 * MB)).toBe(15 * MB);
    expect(chunkSize(300 * MB)).toBe(20 * MB);
    expect(chunkSize(600 * MB)).toBe(25 * MB);
  });
});
