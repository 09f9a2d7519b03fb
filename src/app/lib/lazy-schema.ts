import type { z } from 'zod';
import { nextTask } from '#app/start-timing.ts';

const LAZY = Symbol('lazy schema');

/**
 * An answer's schema that loads (zod with it) when the first answer it reads arrives, not with the
 * page: a signed-in page drawn by the server, or from the device's kept copies, works without zod
 * (the first load's weight). The API client starts the load beside the request, so the
 * schema is usually there before the answer.
 */
export interface LazySchema<Schema extends z.ZodType> {
  readonly [LAZY]: true;
  load(): Promise<Schema>;
}

/** A schema given at once or loaded when first needed: what apiRequest and the offline stores take. */
export type SchemaSource<Schema extends z.ZodType> = Schema | LazySchema<Schema>;

/**
 * `load` imports the module that builds the schema, e.g.
 * `lazySchema(() => import('#shared/request-responses.ts').then((m) => m.jobPageSchema))`. It runs
 * once; a failed load (a chunk the network lost) is tried again on the next call.
 */
export function lazySchema<Schema extends z.ZodType>(load: () => Promise<Schema>): LazySchema<Schema> {
  let loading: Promise<Schema> | null = null;
  return {
    [LAZY]: true,
    load() {
      loading ??= foundationsLoaded()
        .then(load)
        .catch((error: unknown) => {
          loading = null;
          throw error;
        });
      return loading;
    },
  };
}

/**
 * What every answer schema builds on, run a module a task before the first schema's own module: in one
 * import, zod, its pieces and the schemas were one task of 150–240 ms at 4× CPU slowdown after a
 * signed-in page's hydration (total blocking time). A failed load is left to the schema's.
 */
const FOUNDATIONS: Array<() => Promise<unknown>> = [
  () => import('zod'),
  () => import('#shared/response-fields.ts'),
];
let foundations: Promise<void> | null = null;

function foundationsLoaded(): Promise<void> {
  foundations ??= (async () => {
    for (const importModule of FOUNDATIONS) {
      await importModule();
      await nextTask();
    }
  })().catch(() => undefined);
  return foundations;
}

function isLazy<Schema extends z.ZodType>(source: SchemaSource<Schema>): source is LazySchema<Schema> {
  return LAZY in source;
}

/** The schema itself, loading it if need be. */
export function schemaOf<Schema extends z.ZodType>(source: SchemaSource<Schema>): Promise<Schema> {
  return isLazy(source) ? source.load() : Promise.resolve(source);
}
