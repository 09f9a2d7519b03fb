import { expect, test } from '@playwright/test';
import { openSignedIn } from './support/login-page.ts';

// Settings → API keys: the demo vendor makes a key, sees it once, uses it, revokes it.

test('a vendor creates an API key, sees it once, and revokes it', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `Dispatch ${Date.now()}`;
  await openSignedIn(page, 'vendor@demo.local', '/vendor/settings/profile');
  await page.getByRole('tab', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/#api-keys$/);

  let key = '';
  await test.step('create a key: shown once with a copy button and a warning', async () => {
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByText('Give the key a name.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Key name' }).fill(name);
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByTestId('new-api-key');
    await expect(shown).toHaveText(/^fb_[\w-]{43}$/);
    key = (await shown.textContent()) ?? '';
    await expect(page.getByText('it will not be shown again')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy API key' })).toBeVisible();
    const row = page.getByRole('listitem', { name });
    await expect(row).toContainText(`…${key.slice(-4)}`);
    await expect(row).toContainText('Never used');
  });

  await test.step('the key works for the vendor API', async () => {
    const jobs = await page.request.get('/api/vendor/jobs/', { headers: { authorization: `Bearer ${key}` } });
    expect(jobs.status()).toBe(200);
  });

  await test.step('after "I have saved it" and a reload, the key is never shown again', async () => {
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await expect(page.getByTestId('new-api-key')).toHaveCount(0);
    await page.reload();
    const row = page.getByRole('listitem', { name });
    await expect(row).toContainText(`…${key.slice(-4)}`);
    await expect(page.getByText(key)).toHaveCount(0);
  });

  await test.step('revoke asks first, then the key is gone and refused', async () => {
    await page.getByRole('button', { name: `Revoke ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Revoke “${name}”?` });
    await expect(confirm).toContainText('refused from its next request');
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(page.getByText(`API key ${name} revoked.`)).toBeVisible();
    await expect(page.getByRole('listitem', { name })).toHaveCount(0);
    const refused = await page.request.get('/api/vendor/jobs/', {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(refused.status()).toBe(401);
  });
});
