'use client';

import { clsx } from 'clsx';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api/client';
import type { AdPlacement } from '@/lib/ads/codes';
import type { ServeAnswer, ServedAd } from '@/lib/ads/serving-types';
import { AdCreative } from './ad-creative';

/** Part of the ad that must be on screen before it counts as seen (the IAB's display rule: half). */
const VISIBLE_SHARE = 0.5;

/**
 * One ad, linked through its signed click URL; its impression is sent once, the first time at
 * least half of it is on screen (IntersectionObserver), never merely because the page loaded.
 */
function ServedAdCard({ ad, onSeen, stopped, onStoppedChange }: { ad: ServedAd; onSeen: (ad: ServedAd) => void; stopped: boolean; onStoppedChange: (stopped: boolean) => void }) {
  const ref = useRef<HTMLAnchorElement>(null);
  const video = ad.media_type === 'video' && !!ad.media_url;
  // Whether the video is playing, as the element says (its play and pause events): a browser that
  // refuses to play by itself (a phone saving power, a setting) leaves it still, and the button
  // must then offer Play, not Pause.
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    const el = video ? ref.current?.querySelector('video') : null;
    if (!el) return;
    const follow = () => setPlaying(!el.paused);
    el.addEventListener('play', follow);
    el.addEventListener('pause', follow);
    follow();
    return () => {
      el.removeEventListener('play', follow);
      el.removeEventListener('pause', follow);
    };
  }, [video]);
  const toggle = () => {
    const el = ref.current?.querySelector('video');
    if (!el) return;
    if (el.paused) {
      onStoppedChange(false);
      el.play()?.catch(() => {});
    } else {
      onStoppedChange(true);
      el.pause();
    }
  };
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= VISIBLE_SHARE)) {
          observer.disconnect();
          onSeen(ad);
        }
      },
      { threshold: VISIBLE_SHARE },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ad, onSeen]);
  return (
    <div className="relative">
      <a ref={ref} href={ad.click_url} target="_blank" rel="noopener noreferrer sponsored" className="block rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600" data-ad-id={ad.id}>
        <AdCreative headline={ad.headline} advertiser={ad.advertiser} mediaType={ad.media_type} mediaUrl={ad.media_url} autoPlay={!stopped} />
      </a>
      {video && (
        // Beside the link, not in it: a control inside a link is a link too.
        <button
          type="button"
          onClick={toggle}
          aria-label={playing ? 'Pause the ad video' : 'Play the ad video'}
          className="absolute right-2 top-2 grid size-8 place-items-center rounded-full bg-slate-900/70 text-xs text-white hover:bg-slate-900/85 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </button>
      )}
    </div>
  );
}

/** Whether the viewer asks for reduced motion (false where there is no window). */
const reducedMotion = () => typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * An ad placement: asks the server for this viewer's ads of `placement` after the page has painted
 * (ads never hold up the page) and shows them; nothing at all when there are none or the call
 * fails. The Drivers Portal home rotates its ads every `rotation_seconds` (paused while the pointer
 * or focus is on it, and for viewers who ask for reduced motion).
 */
export function AdSlot({ placement, className }: { placement: AdPlacement; className?: string }) {
  const [answer, setAnswer] = useState<ServeAnswer | null>(null);
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState(false);
  // A video that plays by itself needs a way to stop it (WCAG 2.2.2), and does not start for viewers
  // who ask for reduced motion (as the rotation does not). The choice is the slot's, so it holds for
  // the next ad the rotation brings. The slot renders ads in the browser only (after the serve call),
  // so the preference is read at once.
  const [videosStopped, setVideosStopped] = useState(reducedMotion);
  const seen = useRef(new Set<string>());

  useEffect(() => {
    let live = true;
    api<ServeAnswer>(`/ads/serve?placement=${placement}`)
      .then((r) => live && setAnswer(r.data))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [placement]);

  const onSeen = useCallback((ad: ServedAd) => {
    if (seen.current.has(ad.impression_token)) return;
    seen.current.add(ad.impression_token);
    api('/ads/impression', { method: 'POST', body: { token: ad.impression_token } }).catch(() => {});
  }, []);

  const ads = answer?.ads ?? [];
  const rotates = placement === 'members_home' && ads.length > 1;
  const seconds = answer?.rotation_seconds ?? 0;
  useEffect(() => {
    if (!rotates || !seconds || held || reducedMotion()) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % ads.length), seconds * 1000);
    return () => clearInterval(timer);
  }, [rotates, seconds, held, ads.length]);

  if (!ads.length) return null;
  const shown = rotates ? [ads[index % ads.length]] : ads;
  return (
    <aside
      aria-label="Sponsored"
      className={clsx('flex flex-col gap-3', className)}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {shown.map((ad) => (
        <ServedAdCard key={ad.impression_token} ad={ad} onSeen={onSeen} stopped={videosStopped} onStoppedChange={setVideosStopped} />
      ))}
      {rotates && (
        <div className="flex justify-center">
          {ads.map((ad, i) => (
            <button
              key={ad.impression_token}
              type="button"
              aria-label={`Show ad ${i + 1} of ${ads.length}`}
              aria-current={i === index % ads.length ? 'true' : undefined}
              onClick={() => setIndex(i)}
              // A 24 px target (WCAG 2.5.8) around the 10 px dot people see.
              className="group grid size-6 place-items-center rounded-full"
            >
              <span className={clsx('size-2.5 rounded-full transition', i === index % ads.length ? 'bg-brand-600' : 'bg-slate-300 group-hover:bg-slate-400')} />
            </button>
          ))}
        </div>
      )}
    </aside>
  );
}
