import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdSlot } from '@/components/ads/ad-slot';
import { api } from '@/lib/api/client';

jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
const mockApi = api as jest.MockedFunction<typeof api>;

/** jsdom has no layout: a stand-in IntersectionObserver the test drives (the browser's API, not ours). */
type Observed = { callback: IntersectionObserverCallback; target?: Element };
let observers: Observed[] = [];
beforeAll(() => {
  (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
    private o: Observed;
    constructor(callback: IntersectionObserverCallback) {
      this.o = { callback };
      observers.push(this.o);
    }
    observe(target: Element) {
      this.o.target = target;
    }
    disconnect() {
      observers = observers.filter((x) => x !== this.o);
    }
  };
});
beforeEach(() => {
  observers = [];
  mockApi.mockReset();
});

const served = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    headline: `Headline ${i + 1}`,
    advertiser: 'Roadway Tires',
    media_type: 'image' as 'image' | 'video',
    media_url: `/api/v1.0/ads/media/${'a'.repeat(24)}.webp`,
    impression_token: `tok${i + 1}`,
    click_url: `/api/v1.0/ads/click/tok${i + 1}`,
  }));

function answer(ads: ReturnType<typeof served>, rotation = 0) {
  mockApi.mockImplementation(async (path) => (String(path).startsWith('/ads/serve') ? { data: { placement: 'members_home', rotation_seconds: rotation, ads } } : { data: { counted: true } }) as never);
}

const see = (ratio: number) =>
  act(() => {
    for (const o of [...observers]) o.callback([{ isIntersecting: ratio > 0, intersectionRatio: ratio, target: o.target! } as IntersectionObserverEntry], {} as IntersectionObserver);
  });
const impressions = () => mockApi.mock.calls.filter(([p]) => p === '/ads/impression');

describe('AdSlot', () => {
  it('shows the served ad through its click URL and sends its impression once, only when half of it is on screen', async () => {
    answer(served(1));
    render(<AdSlot placement="job_search" />);
    const link = await screen.findByRole('link', { name: /Headline 1/ });
    expect(link).toHaveAttribute('href', '/api/v1.0/ads/click/tok1');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer sponsored');
    expect(mockApi).toHaveBeenCalledWith('/ads/serve?placement=job_search');
    await see(0.2);
    expect(impressions()).toHaveLength(0);
    await see(0.8);
    await see(1);
    expect(impressions()).toEqual([['/ads/impression', { method: 'POST', body: { token: 'tok1' } }]]);
  });

  it('shows nothing when there are no ads or the call fails', async () => {
    answer([]);
    const { container } = render(<AdSlot placement="news_feed" />);
    await waitFor(() => expect(mockApi).toHaveBeenCalled());
    expect(container).toBeEmptyDOMElement();
    mockApi.mockRejectedValue(new Error('down'));
    const failed = render(<AdSlot placement="news_feed" />);
    await waitFor(() => expect(mockApi).toHaveBeenCalledTimes(2));
    expect(failed.container).toBeEmptyDOMElement();
  });

  it('rotates the home ads on a timer and lets the viewer pick one; each showing counts once', async () => {
    jest.useFakeTimers();
    answer(served(2), 5);
    render(<AdSlot placement="members_home" />);
    expect(await screen.findByRole('link', { name: /Headline 1/ })).toBeInTheDocument();
    await see(1);
    await act(async () => {
      jest.advanceTimersByTime(5000);
    });
    expect(screen.getByRole('link', { name: /Headline 2/ })).toBeInTheDocument();
    await see(1);
    screen.getByRole('button', { name: 'Show ad 1 of 2' }).click();
    await see(1);
    expect(impressions().map(([, o]) => (o as { body: { token: string } }).body.token)).toEqual(['tok1', 'tok2']);
    jest.useRealTimers();
  });

  it("shows the Company Portal's ads on the job detail placement, all of them, without rotating", async () => {
    answer(served(2), 5);
    render(<AdSlot placement="company_job_detail" />);
    expect(await screen.findByRole('link', { name: /Headline 1/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Headline 2/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show ad/ })).toBeNull();
    expect(mockApi).toHaveBeenCalledWith('/ads/serve?placement=company_job_detail');
  });

  describe('a video ad', () => {
    const videoAds = (n = 1) => served(n).map((ad) => ({ ...ad, media_type: 'video' as const, media_url: `/api/v1.0/ads/media/${'b'.repeat(24)}.mp4` }));
    // jsdom plays no media: play and pause as a browser's, setting `paused` and firing their events.
    let playing: Set<HTMLMediaElement>;
    const start = (el: HTMLMediaElement) => {
      playing.add(el);
      el.dispatchEvent(new Event('play'));
    };
    beforeEach(() => {
      playing = new Set();
      jest.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
        return !playing.has(this);
      });
      jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
        start(this);
        return Promise.resolve();
      });
      jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
        playing.delete(this);
        this.dispatchEvent(new Event('pause'));
      });
    });
    afterEach(() => {
      jest.restoreAllMocks();
      delete (window as { matchMedia?: unknown }).matchMedia;
    });
    const prefer = (reduce: boolean) => {
      window.matchMedia = ((query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
    };
    const videoOf = async (name: RegExp) => (await screen.findByRole('link', { name })).querySelector('video')!;

    it('plays by itself with a Pause button beside the link (WCAG 2.2.2), which stops it and then plays it again', async () => {
      prefer(false);
      answer(videoAds());
      render(<AdSlot placement="job_search" />);
      const link = await screen.findByRole('link', { name: /Headline 1/ });
      const video = link.querySelector('video')!;
      expect(video.autoplay).toBe(true);
      act(() => start(video)); // the browser's autoplay begins
      const pause = screen.getByRole('button', { name: 'Pause the ad video' });
      expect(link).not.toContainElement(pause);
      await userEvent.click(pause);
      expect(video.paused).toBe(true);
      await userEvent.click(screen.getByRole('button', { name: 'Play the ad video' }));
      expect(video.paused).toBe(false);
      expect(screen.getByRole('button', { name: 'Pause the ad video' })).toBeInTheDocument();
      // The control is no click on the ad.
      expect(mockApi.mock.calls.some(([p]) => String(p).includes('/ads/click'))).toBe(false);
    });

    it('offers Play when the browser did not start it (autoplay refused), not Pause', async () => {
      prefer(false);
      answer(videoAds());
      render(<AdSlot placement="job_search" />);
      expect((await videoOf(/Headline 1/)).autoplay).toBe(true);
      expect(screen.getByRole('button', { name: 'Play the ad video' })).toBeInTheDocument();
    });

    it('does not start for a viewer who asks for reduced motion, and offers Play', async () => {
      prefer(true);
      answer(videoAds());
      render(<AdSlot placement="job_search" />);
      expect((await videoOf(/Headline 1/)).autoplay).toBe(false);
      expect(screen.getByRole('button', { name: 'Play the ad video' })).toBeInTheDocument();
    });

    it("a pause holds for the next video the home's rotation brings", async () => {
      prefer(false);
      answer(videoAds(2), 5);
      render(<AdSlot placement="members_home" />);
      const first = await videoOf(/Headline 1/);
      act(() => start(first));
      await userEvent.click(screen.getByRole('button', { name: 'Pause the ad video' }));
      await userEvent.click(screen.getByRole('button', { name: 'Show ad 2 of 2' }));
      expect((await videoOf(/Headline 2/)).autoplay).toBe(false);
      expect(screen.getByRole('button', { name: 'Play the ad video' })).toBeInTheDocument();
    });

    it('an image ad has no such control', async () => {
      prefer(false);
      answer(served(1));
      render(<AdSlot placement="job_search" />);
      await screen.findByRole('link', { name: /Headline 1/ });
      expect(screen.queryByRole('button', { name: /ad video/ })).toBeNull();
    });
  });
});
