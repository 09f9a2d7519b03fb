import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CATEGORY_LABELS, roleOf } from '#shared/notification-preferences.ts';
import { notificationSettingsPath } from '#shared/notification-targets.ts';
import { users } from '../db/schema/users.ts';
import { setChoice } from './notification-preferences-store.ts';
import {
  renderUnsubscribed,
  renderUnsubscribeInvalid,
  renderUnsubscribeQuestion,
  UNSUBSCRIBE_PAGE_CSP,
} from './unsubscribe-page.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';

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

  const load = async (token: string) => {
    const target = await readUnsubscribeToken(app.db, token);
    if (!target) return null;
    const [user] = await app.db
      .select({ id: users.id, email: users.email, type: users.type })
      .from(users)
      .where(eq(users.id, target.userId));
    return user ? { user, category: target.category } : null;
  };

  app.get<{ Params: { token: string } }>('/unsubscribe/:token', async (request, reply) => {
    const found = await load(request.params.token);
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

  app.post<{ Params: { token: string } }>(
    '/unsubscribe/:token',
    { config: { csrf: false } },
    async (request, reply) => {
      const found = await load(request.params.token);
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
