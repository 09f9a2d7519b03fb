import { layouts } from '#server/db/schema/documentation.ts';

/**
 * What drawing a layout as a plan needs (its image, size and scale): the columns a shared plan and a
 * request's spot excerpt both select.
 */
export const layoutPlanColumns = {
  id: layouts.id,
  name: layouts.name,
  storageKey: layouts.storageKey,
  widthPx: layouts.widthPx,
  heightPx: layouts.heightPx,
  feetPerPixel: layouts.feetPerPixel,
};
