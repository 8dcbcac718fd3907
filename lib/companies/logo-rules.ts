/** The company logo's rules and messages (jobs spec §5), zod-free so the logo screens load without the schemas (issue 16). */

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
/** The logo editor's largest size (jobs spec §5 "Logo cropping: max 700"). */
export const LOGO_MAX_SIDE = 700;
export const LOGO_TYPES = ['png', 'jpeg', 'webp', 'gif'] as const;
/**
 * The logo crop dialog (jobs spec §5): the image is shown scaled to a width from 200 to 700 px in
 * steps of 10; the crop frame sits 21 px from the stage's top and bottom and 20 px from its sides,
 * and is the large display size. The server cuts both display sizes from the original.
 */
export const LOGO_ZOOM = { min: 200, max: 700, step: 10 } as const;
export const LOGO_CROP_INSET = { topDown: 21, leftRight: 20 } as const;
export const LOGO_SIZES = { large: { width: 343, height: 133 }, small: { width: 49, height: 19 } } as const;
export const LOGO_CROP_MESSAGE = 'Zoom must be from 200 to 700 in steps of 10, with whole-pixel offsets.';
/** A missing or out-of-range `left`/`top`: said on that field, not on `zoom`. */
export const LOGO_OFFSET_MESSAGE = 'Send left and top with the zoom: the crop frame\'s whole-pixel offset inside the zoomed image.';
export const LOGO_TOO_LARGE = 'The logo must be 5 MB or smaller.';
export const LOGO_BAD_TYPE = 'The logo must be a PNG, JPEG, WebP or GIF image.';
export type LogoSize = keyof typeof LOGO_SIZES;
