import { z } from 'zod';
import '@/lib/validation/messages';
import { TIMEZONES, TIMEZONE_INVALID } from './preference-rules';
export { TIMEZONES, TIMEZONE_LABELS, TIMEZONE_INVALID, PICTURE_MAX_BYTES, PICTURE_SIDE, PICTURE_TYPES, PICTURE_BAD_TYPE, PICTURE_TOO_LARGE, type Timezone } from './preference-rules';


export const updatePreferencesSchema = z.object({ timezone: z.enum(TIMEZONES, { error: TIMEZONE_INVALID }) }).strict();
export type UpdatePreferencesInput = z.infer<typeof updatePreferencesSchema>;

