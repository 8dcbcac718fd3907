'use client';

import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Alert } from '@/components/ui/states';
import { LOGO_CROP_INSET, LOGO_SIZES, LOGO_ZOOM } from '@/lib/companies/logo-rules';
import type { LogoCrop } from '@/lib/companies/schemas';

const FRAME = LOGO_SIZES.large;
const STAGE = { width: FRAME.width + 2 * LOGO_CROP_INSET.leftRight, height: FRAME.height + 2 * LOGO_CROP_INSET.topDown };
const clampZoom = (v: number) => Math.min(LOGO_ZOOM.max, Math.max(LOGO_ZOOM.min, Math.ceil(v / LOGO_ZOOM.step) * LOGO_ZOOM.step));

/**
 * The stage's scale on screen: 1 where it fits, less where the dialog is narrower than the stage
 * (383 px does not fit a 390 px phone's dialog). Only the picture is scaled: the crop numbers stay
 * in stage pixels, so the server cuts the same frame at any screen width.
 */
function useFitScale() {
  // A callback ref: the dialog's frame loads lazily, so the box appears after the first render.
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  const [scale, setScale] = useState(1);
  useEffect(() => {
    if (!el) return;
    const fit = () => setScale(el.clientWidth > 0 ? Math.min(1, el.clientWidth / STAGE.width) : 1);
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return { scale, fitBox: setEl };
}

/** The smallest zoom step at which the image covers the frame, centred (within the spec's 200–700). */
function initialCrop(w: number, h: number): LogoCrop {
  const zoom = clampZoom(Math.max(FRAME.width, (FRAME.height * w) / h));
  return { zoom, left: Math.round((zoom - FRAME.width) / 2), top: Math.round(((zoom * h) / w - FRAME.height) / 2) };
}

/**
 * The logo crop dialog (jobs spec §5): zoom 200 to 700 in steps of 10, the frame inset 21 px top
 * and bottom and 20 px left and right. Drag the image (or use the arrow keys) to place it. What is
 * sent is the original file and the crop numbers; the server cuts both sizes itself.
 */
export default function LogoCropDialog({ file, onCancel, onSave, onUnreadable }: { file: File; onCancel: () => void; onSave: (crop: LogoCrop) => Promise<void>; onUnreadable: () => void }) {
  const [src, setSrc] = useState<string | null>(null);
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const [crop, setCrop] = useState<LogoCrop | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  const { scale, fitBox } = useFitScale();

  useEffect(() => {
    // A data URL rather than an object URL: nothing to revoke, so a remount cannot break the preview.
    const reader = new FileReader();
    reader.onload = () => setSrc(String(reader.result));
    reader.onerror = onUnreadable;
    reader.readAsDataURL(file);
    return () => reader.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per file; the handler is the parent's
  }, [file]);

  const zoomTo = (zoom: number) =>
    setCrop((c) => {
      if (!c || !size) return c;
      // Keep the frame's centre on the same spot of the image.
      const k = zoom / c.zoom;
      return { zoom, left: Math.round((c.left + FRAME.width / 2) * k - FRAME.width / 2), top: Math.round((c.top + FRAME.height / 2) * k - FRAME.height / 2) };
    });
  const move = (dx: number, dy: number) => setCrop((c) => (c ? { ...c, left: c.left - dx, top: c.top - dy } : c));

  async function save() {
    if (!crop) return;
    setSaving(true);
    setFailure(null);
    try {
      await onSave(crop);
    } catch (error) {
      setFailure((error as Error).message);
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !saving && onCancel()}
      title="Crop your logo"
      description="Drag the image or use the arrow keys to place it in the frame; zoom to fit."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={!crop}>
            Save logo
          </Button>
        </>
      }
    >
      {failure && (
        <div className="mb-3">
          <Alert type="error">{failure}</Alert>
        </div>
      )}
      <div ref={fitBox} className="w-full min-w-0" data-testid="crop-fit">
        <div className="relative mx-auto" style={{ width: STAGE.width * scale, height: STAGE.height * scale }}>
          <div
            role="application"
            aria-label="Logo position: arrow keys move the image, Shift moves it faster"
            tabIndex={0}
            data-testid="crop-stage"
            className="absolute left-0 top-0 cursor-move touch-none select-none overflow-hidden rounded-lg bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:16px_16px] focus:outline-none focus:ring-2 focus:ring-brand-500"
            style={{ width: STAGE.width, height: STAGE.height, transform: scale < 1 ? `scale(${scale})` : undefined, transformOrigin: '0 0' }}
            onKeyDown={(e) => {
              const step = e.shiftKey ? 10 : 1;
              const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
              if (d) {
                e.preventDefault();
                move(d[0], d[1]);
              }
            }}
            onPointerDown={(e) => {
              if (!crop) return;
              (e.target as Element).setPointerCapture?.(e.pointerId);
              drag.current = { x: e.clientX, y: e.clientY, left: crop.left, top: crop.top };
            }}
            onPointerMove={(e) => {
              const d = drag.current;
              // A finger's move on a scaled-down stage is a longer move in stage pixels.
              if (d) setCrop((c) => (c ? { ...c, left: Math.round(d.left - (e.clientX - d.x) / scale), top: Math.round(d.top - (e.clientY - d.y) / scale) } : c));
            }}
            onPointerUp={() => (drag.current = null)}
          >
            {src && (
              // eslint-disable-next-line @next/next/no-img-element -- the chosen file itself, shown at the exact zoom the server will use
              <img
                src={src}
                alt="The logo being cropped"
                draggable={false}
                // A file named .jpg that is no image (text renamed) never decodes: said, not shown as an empty stage.
                onError={onUnreadable}
                onLoad={(e) => {
                  const { naturalWidth: w, naturalHeight: h } = e.currentTarget;
                  setSize({ w, h });
                  setCrop(initialCrop(w, h));
                }}
                className="pointer-events-none absolute max-w-none"
                style={crop ? { width: crop.zoom, left: LOGO_CROP_INSET.leftRight - crop.left, top: LOGO_CROP_INSET.topDown - crop.top } : { visibility: 'hidden' }}
              />
            )}
            <div
              aria-hidden
              className="pointer-events-none absolute rounded-sm shadow-[0_0_0_999px_rgba(15,23,42,0.45)] ring-2 ring-white"
              style={{ left: LOGO_CROP_INSET.leftRight, top: LOGO_CROP_INSET.topDown, width: FRAME.width, height: FRAME.height }}
            />
          </div>
        </div>
      </div>
      <div className="mt-4 flex items-center gap-3">
        <label htmlFor="logo-zoom" className="text-sm font-medium text-slate-700">
          Zoom
        </label>
        <input
          id="logo-zoom"
          type="range"
          min={LOGO_ZOOM.min}
          max={LOGO_ZOOM.max}
          step={LOGO_ZOOM.step}
          value={crop?.zoom ?? LOGO_ZOOM.min}
          disabled={!crop}
          onChange={(e) => zoomTo(Number(e.target.value))}
          className="w-full accent-brand-600"
        />
        <output htmlFor="logo-zoom" className="w-14 text-right text-sm tabular-nums text-slate-600">
          {crop?.zoom ?? '—'}
        </output>
      </div>
    </Dialog>
  );
}
