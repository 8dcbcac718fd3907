/**
 * Numbers of the rich-text content rules (jobs spec §5) that the editor, the server renderer and
 * the PDF export share. Client-safe: no imports.
 */

/** Font sizes in points: 8 to 36 over 7 levels. */
export const FONT_SIZES_PT = [8, 10, 12, 14, 18, 24, 36] as const;
export const DEFAULT_FONT_SIZE_PT = 12;
/** One indent level, in px (the editor, the HTML and the PDF indent by the same step). */
export const INDENT_STEP_PX = 30;
export const MAX_INDENT_LEVELS = 10;
/** An image wider than this with no size given is scaled down to it. */
export const MAX_IMAGE_WIDTH = 720;
/** Pasted content with more images than this is flagged to the writer. */
export const MAX_PASTED_IMAGES = 10;
/** Pasted images from other sites are left out: the pages' CSP shows only the site's own (the server refuses them too). */
export const FOREIGN_IMAGES_LEFT_OUT = 'Images from other sites cannot be shown, so they were left out.';
export const FOREIGN_IMAGES_UPLOAD = `${FOREIGN_IMAGES_LEFT_OUT} Upload the image instead.`;
export const PASTED_IMAGES_MESSAGE = `The pasted content has more than ${MAX_PASTED_IMAGES} images. All of them were kept: check that you meant to paste them all.`;

/** Width and height of an image as shown: the 720 px rule when no width was given. */
export function displaySize(natural: { width: number; height: number }, given?: { width?: number | null; height?: number | null }) {
  if (given?.width) return { width: Math.round(given.width), height: Math.round(given.height ?? (natural.height * given.width) / natural.width) };
  if (natural.width <= MAX_IMAGE_WIDTH) return { width: natural.width, height: natural.height };
  return { width: MAX_IMAGE_WIDTH, height: Math.round((natural.height * MAX_IMAGE_WIDTH) / natural.width) };
}

/** Font size (pt) of a CSS style string like 'font-size: 14pt;', or null. */
export function fontSizeOf(style: string | null | undefined): number | null {
  const m = /font-size:\s*(\d+(?:\.\d+)?)pt/i.exec(style ?? '');
  return m ? Number(m[1]) : null;
}

/** The next size up or down the 7 levels from the current one. */
export function stepFontSize(current: number | null, direction: 1 | -1): number {
  const now = current ?? DEFAULT_FONT_SIZE_PT;
  if (direction > 0) return FONT_SIZES_PT.find((s) => s > now) ?? FONT_SIZES_PT[FONT_SIZES_PT.length - 1];
  return [...FONT_SIZES_PT].reverse().find((s) => s < now) ?? FONT_SIZES_PT[0];
}
