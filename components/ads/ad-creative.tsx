import { clsx } from 'clsx';
import { AD_IMAGE_HEIGHT, AD_IMAGE_WIDTH, type AdMediaType } from '@/lib/ads/codes';

type Props = {
  headline: string;
  advertiser: string;
  mediaType: AdMediaType | null;
  mediaUrl: string | null;
  className?: string;
  /** Whether a video starts by itself (a served ad passes false for viewers who ask for reduced motion). */
  autoPlay?: boolean;
};

/**
 * What a viewer sees of an ad: its 587x226 image or video, the headline and who it is from, marked
 * as sponsored. The placements and the form's live preview draw the same thing.
 */
export function AdCreative({ headline, advertiser, mediaType, mediaUrl, className, autoPlay = true }: Props) {
  return (
    <div className={clsx('overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm', className)}>
      <div className="relative w-full bg-slate-100" style={{ aspectRatio: `${AD_IMAGE_WIDTH} / ${AD_IMAGE_HEIGHT}` }}>
        {mediaUrl && mediaType === 'video' ? (
          <video src={mediaUrl} className="absolute inset-0 size-full object-cover" muted autoPlay={autoPlay} loop playsInline aria-label={headline} />
        ) : mediaUrl ? (
          // The file is already cropped to the ad size on the server; no resizing service is needed.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={mediaUrl} alt="" width={AD_IMAGE_WIDTH} height={AD_IMAGE_HEIGHT} className="absolute inset-0 size-full object-cover" />
        ) : (
          <span className="absolute inset-0 grid place-items-center text-sm text-slate-600">
            {AD_IMAGE_WIDTH} × {AD_IMAGE_HEIGHT}
          </span>
        )}
      </div>
      <div className="flex flex-col gap-0.5 px-4 py-3">
        <span className="text-xs font-medium uppercase tracking-wide text-slate-500">Sponsored · {advertiser || 'Advertiser'}</span>
        <span className="text-sm font-semibold text-slate-900">{headline || 'Your headline'}</span>
      </div>
    </div>
  );
}
