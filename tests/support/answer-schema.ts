import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';

/**
 * Reads an answer through its shared schema as the browser's API client does, and fails the test
 * when it breaks the schema or carries a field the schema does not declare (z.object drops unknown
 * keys when it parses, so the parsed answer must equal the body as sent). `status` is the expected
 * code; any 2xx when left out. Answers the typed body.
 */
export function expectAnswer<Schema extends z.ZodType>(
  response: LightMyRequestResponse,
  schema: Schema,
  status?: number,
): z.output<Schema> {
  const call = `${response.raw.req.method ?? ''} ${response.raw.req.url ?? ''}`;
  if (status === undefined) {
    expect(response.statusCode, `${call}: ${response.body.slice(0, 500)}`).toBeGreaterThanOrEqual(200);
    expect(response.statusCode, `${call}: ${response.body.slice(0, 500)}`).toBeLessThan(300);
  } else {
    expect(response.statusCode, `${call}: ${response.body.slice(0, 500)}`).toBe(status);
  }
  const body: unknown = response.body === '' ? null : response.json();
  const result = schema.safeParse(body);
  if (!result.success) {
    expect.fail(
      `${call}: the answer breaks its schema\n${z.prettifyError(result.error)}\n${response.body.slice(0, 2000)}`,
    );
  }
  expect(result.data, `${call}: the answer has fields its schema does not declare`).toEqual(body);
  return result.data;
}
