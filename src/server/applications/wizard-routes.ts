import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { checkFirst } from '#server/auth/route-guards.ts';
import { errorResponses } from '#server/http/route-schemas.ts';
import { successAnswerSchema } from '#shared/response-fields.ts';
import { requireSession } from './application-session.ts';
import { type DraftOwner, draftOwner } from './draft-policy.ts';

// The routes both application wizards (property manager, vendor) build the same way.

/** The draft is the caller's session's: without one, 403 NO_SESSION before its fields are read. */
export const sessionFirst = checkFirst(requireSession);

/**
 * POST `url`: one wizard step saved into the session's draft. The session first (403 NO_SESSION),
 * then the body by `body` (400 with its field messages), then `save`; answers `{success: true}`.
 */
export function saveStepRoute<Body extends z.ZodType>(
  app: FastifyInstance,
  url: string,
  step: { summary: string; body: Body; save: (owner: DraftOwner, input: z.output<Body>) => Promise<unknown> },
): void {
  const schema = {
    summary: step.summary,
    body: step.body,
    response: { ...errorResponses, 200: successAnswerSchema },
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(url, { schema, preValidation: sessionFirst }, async (request) => {
      await step.save(draftOwner(requireSession(request)), request.body as z.output<Body>);
      return { success: true as const };
    });
}

/**
 * GET `url`: what the session's draft holds and the step to resume at (a reloaded wizard asks):
 * `answer` of the draft `find` reads, or of none for a caller without a session. Never cached.
 */
export function draftReadRoute<Row, Answer>(
  app: FastifyInstance,
  url: string,
  draft: {
    summary: string;
    response: z.ZodType;
    find: (sessionId: string) => Promise<Row | null>;
    answer: (row: Row | null) => Answer;
  },
): void {
  const schema = { summary: draft.summary, response: { ...errorResponses, 200: draft.response } };
  app.withTypeProvider<ZodTypeProvider>().get(url, { schema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = request.auth.session;
    return draft.answer(session ? await draft.find(session.id) : null);
  });
}
