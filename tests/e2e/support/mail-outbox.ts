import { type APIRequestContext, expect } from '@playwright/test';

interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
}

/**
 * Reads the newest link path matching `pattern` from mail to `to`, through the staff-only
 * GET /api/admin/mail/ (the dev transport delivers nowhere). Staff see single-use links masked, so
 * this asks for them whole: `staff` must be signed in as a superuser (the demo admin is one).
 * Polls a little: other specs write mail in parallel, and a mail may land a moment later.
 */
export async function linkFromMail(staff: APIRequestContext, to: string, pattern: RegExp): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        for (let page = 1; page <= 3; page += 1) {
          const response = await staff.get(`/api/admin/mail/?page=${page}&unmasked=1`);
          if (!response.ok()) return `status ${response.status()}`;
          const { results } = (await response.json()) as { results: OutboxMail[] };
          // The newest mail to `to` that has such a link: notification mail may have come since.
          const match = results
            .filter((mail) => mail.to === to)
            .map((mail) => pattern.exec(mail.text))
            .find((found) => found !== null);
          if (match) {
            link = match[0];
            return 'found';
          }
        }
        return 'not found';
      },
      { message: `a mail to ${to} with ${pattern}` },
    )
    .toBe('found');
  return link;
}
