import { z } from 'zod';
import { SERVICE_CATEGORIES } from './categories.ts';
import { photoLinkSchema, timestampText } from './response-fields.ts';

/*
 * What the property calls of the manager portal answer (src/server/projects): a client's
 * properties, a property's units and its maintenance history.
 */

/** GET /api/clients/{clientId}/projects/ item: active properties first. */
export const clientProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  is_active: z.boolean(),
  /** The property's picture (`/api/files/...`), or null. */
  thumbnail: z.string().nullable(),
  units: z.number().int(),
});
export type ClientProject = z.infer<typeof clientProjectSchema>;

export const clientProjectListSchema = z.array(clientProjectSchema);

/** GET /api/projects/{id}/units/ item. */
export const projectUnitSchema = z.object({ id: z.number().int(), number: z.string() });
export type ProjectUnit = z.infer<typeof projectUnitSchema>;

export const projectUnitListSchema = z.array(projectUnitSchema);

/** GET /api/projects/{id}/history/ item: one completed job of the property, last completed first. */
export const historyJobSchema = z.object({
  id: z.number().int(),
  type: z.enum(SERVICE_CATEGORIES),
  description: z.string(),
  unit: z.string().nullable(),
  /** The awarded vendor's name; null once its bid is gone. */
  vendor: z.string().nullable(),
  /** The awarded bid's amount in whole dollars (the awarded option's, when it offered options). */
  cost: z.number().int().nullable(),
  /** The awarded option's name, when the bid offered options. */
  awarded_option: z.string().nullable().optional().default(null),
  created: timestampText,
  /** When the bid was awarded. */
  started: timestampText.nullable(),
  completed: timestampText.nullable(),
  completion_note: z.string(),
  /** The vendor's completion photos. */
  photos: z.array(photoLinkSchema),
});
export type HistoryJob = z.infer<typeof historyJobSchema>;

export const projectHistorySchema = z.array(historyJobSchema);
