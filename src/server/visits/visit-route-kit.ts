import type { z } from 'zod';
import { requireUser } from '#server/auth/guards.ts';
import { checkFirst } from '#server/auth/route-guards.ts';
import type { Db } from '#server/db/database.ts';
import { HttpError } from '#server/http/http-error.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { REQUEST_NOT_FOUND } from '#server/request-core/lifecycle-access.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import { type Visit, type VisitWindow, visitSchema } from '#shared/visit-schemas.ts';
import { windowHasPassed } from '#shared/visit-times.ts';
import { type JobParty, VISIT_NOT_FOUND } from './visit-access.ts';
import { visitAnswer } from './visit-answer.ts';
import { type VisitRow, visitDetails } from './visit-store.ts';

/**
 * Route options of a visit call: who is asking is checked first (401), then the handler checks in
 * the lifecycle calls' order: 404 unknown record → 403 not a party → 400 input (held back with
 * `attachValidation`) → 409 not open now.
 */
export function visitCallOptions<Body extends z.ZodType, Status extends 200 | 201 = 200>(
  summary: string,
  body: Body,
  on: 'visit' | 'request',
  status: Status = 200 as Status,
) {
  return {
    schema: {
      summary,
      params: idParamsSchema,
      body,
      response: { ...errorResponses, ...({ [status]: visitSchema } as Record<Status, typeof visitSchema>) },
    },
    preValidation: checkFirst(requireUser),
    config: { notFound: { detail: on === 'visit' ? VISIT_NOT_FOUND : REQUEST_NOT_FOUND } },
    attachValidation: true,
  };
}

export const PASSED_TIME = 'Choose a time that has not passed.';

/** 400 on `field` unless every window starts after now at the property. */
export function requireFutureWindows(
  windows: readonly VisitWindow[],
  timeZone: string,
  now: Date,
  field = 'windows',
): void {
  if (windows.some((window) => windowHasPassed(window, timeZone, now))) {
    throw new HttpError(400, { errors: { [field]: [PASSED_TIME] }, detail: PASSED_TIME });
  }
}

/** The visit as the asker reads it, with its history and photos, read through `db`. */
export async function answerVisit(db: Db, party: JobParty, visit: VisitRow): Promise<Visit> {
  const { events, photoKeys } = await visitDetails(db, [visit.id]);
  return visitAnswer(
    visit,
    { events: events.get(visit.id) ?? [], photoKeys: photoKeys.get(visit.id) ?? [] },
    { side: party.side, requestStatus: party.parties.row.status, timeZone: party.property.timeZone },
  );
}
