import { z } from 'zod';

/** One entry of GET /api/user/projects/ (signed-in spec, section 7): the top bar's property list. */
export const userProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
});
export type UserProject = z.infer<typeof userProjectSchema>;

/** GET /api/user/projects/ answers the whole list, by name (not paged). */
export const userProjectListSchema = z.array(userProjectSchema);
