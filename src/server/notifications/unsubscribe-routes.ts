import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '#server/auth/security-schemes.ts';
import { errorResponses, htmlPage } from '#server/http/route-schemas.ts';
import { CATEGORY_LABELS, roleOf } from '#shared/notification-preferences.ts';
import { notificationSettingsPath } from '#shared/notification-targets.ts';
import { setChoice } from './notification-preferences-store.ts';
import {
  renderUnsubscribed,
  renderUnsubscribeInvalid,
  renderUnsubscribeQuestion,
  UNSUBSCRIBE_PAGE_CSP,
} from './unsubscribe-page.ts';
import { loadUnsubscribeTarget } from './unsubscribe-target.ts';

/** The token as the link carries it: any text (a forged or cut one answers the "not valid" page). */
const tokenParams = z.object({
  token: z.string().meta({ description: 'The signed token of the mail link.' }),
});
const pages = {
  ...errorResponses,
  404: htmlPage('The link is not valid (cut, forged, or its user is gone)'),
};
/** RFC 8058's one-click body; the page's own button sends the same. Nothing in it is needed. */
const oneClickForm = z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() });

function page(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', UNSUBSCRIBE_PAGE_CSP)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(html);
}

/**
 * A notification mail's unsubscribe link, `/unsubscribe/<token>` (the token names the user and the
 * category, signed by the server: unsubscribe-token.ts). GET shows a page that asks; POST turns that
 * category's email off: the page's button, or a mail client's RFC 8058 one-click POST (body
 * `List-Unsubscribe=One-Click`, form-encoded or multipart, no cookie, no CSRF token: the signed
 * token is the proof). Repeating it changes nothing. No session is needed or read.
 */
export async function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  // One-click POSTs come form-encoded or multipart; the body says nothing the token does not.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
    { parseAs: 'string', bodyLimit: 10_000 },
    (_request, _body, done) => done(null, undefined),
  );

  const api = app.withTypeProvider<ZodTypeProvider>();
  const askSchema = {
    summary: "A notification mail's unsubscribe link: a page that asks first",
    security: PUBLIC,
    params: tokenParams,
    produces: ['text/html'],
    response: { ...pages, 200: htmlPage('Asks whether to stop this category of email') },
  };
  api.get('/unsubscribe/:token', { schema: askSchema }, async (request, reply) => {
    const found = await loadUnsubscribeTarget(app.db, request.params.token);
    if (!found) return page(reply, 404, renderUnsubscribeInvalid());
    return page(
      reply,
      200,
      renderUnsubscribeQuestion({
        label: CATEGORY_LABELS[found.category],
        email: found.user.email,
        action: `/unsubscribe/${encodeURIComponent(request.params.token)}`,
      }),
    );
  });

  const unsubscribeSchema = {
    summary: "Stop this category of email (the page's button, or a mail client's RFC 8058 one-click)",
    params: tokenParams,
    formBody: oneClickForm,
    consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
    produces: ['text/html'],
    response: { ...pages, 200: htmlPage('Says the category of email is off') },
  };
  api.post(
    '/unsubscribe/:token',
    { schema: unsubscribeSchema, config: { csrf: false } },
    async (request, reply) => {
      const found = await loadUnsubscribeTarget(app.db, request.params.token);
      if (!found) return page(reply, 404, renderUnsubscribeInvalid());
      await setChoice(app.db, found.user.id, found.category, 'email', false);
      request.log.info(
        { userId: found.user.id, category: found.category },
        'unsubscribed from a category of email',
      );
      return page(
        reply,
        200,
        renderUnsubscribed({
          label: CATEGORY_LABELS[found.category],
          settingsUrl: `${app.config.publicUrl}${notificationSettingsPath(roleOf(found.user))}`,
        }),
      );
    },
  );
}
