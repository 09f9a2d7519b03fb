import { expect, request as playwrightRequest, test } from '@playwright/test';
import { csrfHeaders } from './support/api-session.ts';
import { openSignedIn } from './support/login-page.ts';

// The admin console's Inbox (DESIGN.md, "Beyond the spec"): a visitor's contact message reaches staff,
// who read it, reply by email and mark it handled. Searching for this test's own words keeps it free
// of the counts other tests change.

test('staff find a visitor’s contact message, read it whole and mark it handled', async ({
  page,
  baseURL,
}) => {
  const token = `inboxe2e${Date.now()}`;
  const name = `Robin Inbox ${token.slice(-6)}`;
  const email = `${token}@example.com`;
  const lastLine = 'Could someone call me back on Thursday afternoon?';
  const message = `We manage 22 buildings along the Front Range (${token}) and want in-wall photos before every drywall job.\nOur vendors work in three crews and we need to see their bids side by side.\n${lastLine}`;

  await test.step('a visitor sends the contact form (its public call)', async () => {
    const visitor = await playwrightRequest.newContext({ baseURL });
    const sent = await visitor.post('/api/contact', {
      multipart: { name, email, phone: '(303) 555-0142', message },
      headers: await csrfHeaders(visitor),
    });
    expect(sent.status(), await sent.text()).toBe(201);
    await visitor.dispose();
  });

  await openSignedIn(page, 'admin@demo.local', '/admin/inbox');
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Inbox' }),
  ).toHaveAttribute('aria-current', 'page');

  const row = page.getByRole('row').filter({ hasText: name });

  await test.step('the Contact messages tab finds it by search, open', async () => {
    await page.getByRole('tab', { name: /^Contact messages, \d+ open$/ }).click();
    await expect(page).toHaveURL(/[?&]tab=contact-messages/);
    await page.getByRole('searchbox', { name: 'Search contact messages' }).fill(token);
    await expect(page.getByText(`1 open contact message matching “${token}”`)).toBeVisible();
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Open', { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: '(303) 555-0142' })).toHaveAttribute('href', 'tel:3035550142');
  });

  await test.step('the whole message opens in place, and Reply is a mailto: link', async () => {
    const more = row.getByRole('button', { name: 'Read full message' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(row.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    await expect(row.getByText(lastLine)).toBeVisible();
    await expect(row.getByRole('link', { name: `Reply to ${name} by email` })).toHaveAttribute(
      'href',
      `mailto:${email}?subject=Re%3A%20your%20message%20to%20FieldBid`,
    );
  });

  await test.step('marking it handled takes it out of the open list', async () => {
    await row.getByRole('button', { name: `Mark handled: the message from ${name}` }).click();
    await expect(page.getByText('Message marked handled.')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByText(`Nothing matches “${token}”.`)).toBeVisible();
  });

  await test.step('with Open only off it shows as handled by the staff member, also after a reload', async () => {
    // A click rather than uncheck(): the switch follows the URL, which the router updates a moment later.
    const openOnly = page.getByRole('switch', { name: 'Open only' });
    await openOnly.click();
    await expect(openOnly).not.toBeChecked();
    await expect(page).toHaveURL(/[?&]show=all/);
    await expect(row.getByText('Handled', { exact: true })).toBeVisible();
    await expect(row.getByText(/Handled by Avery Collins/)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search contact messages' })).toHaveValue(token);
    await expect(row.getByRole('button', { name: `Reopen: the message from ${name}` })).toBeVisible();
  });
});
