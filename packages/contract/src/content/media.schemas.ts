import { z } from 'zod';
import { CONTENT_MEDIA_TYPES } from '../files/files.schemas';

/** An uploaded image or video of a post, as every screen (and the review page) shows it. */
export const ZContentMediaSchema = z.object({
  id: z.number().int().describe('The file (POST /api/files/)'),
  kind: z.enum(CONTENT_MEDIA_TYPES),
  name: z.string(),
  content_type: z.string(),
  url: z.string().describe('Signed address of the bytes, usable in <img>/<video> without a token; renewed with every read'),
});
export type TContentMedia = z.infer<typeof ZContentMediaSchema>;
