import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { embedSnippet } from '../../src/shared/viewer-assets.ts';
import { openSignedIn } from './support/login-page.ts';

/**
 * The read-only embed: the code the manager copies from "Share on a website", pasted into a plain
 * HTML page of another site, shows the shared floor plan with the same two scripts and stylesheet the
 * as-builds page loads, and stops when the manager withdraws the share.
 */

interface Documentation {
  layouts: Array<{ name: string; photos: Array<{ caption: string; x: number | null }> }>;
}

/** Another site: a plain page on its own origin (localhost, not the app's 127.0.0.1). */
async function propertySite(html: string) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://localhost:${port}/floor-plans.html`, close: () => server.close() };
}

test('the embed code from "Share on a website" shows the plan read-only on a plain page of another site, until withdrawn', async ({
  page,
  browser,
  baseURL,
}) => {
  await openSignedIn(page, 'manager@demo.local', '/property-manager/dashboard');
  const documentationLink = page.getByRole('link', { name: 'Property Documentation' });
  await expect(documentationLink).toHaveAttribute('href', /\/property-manager\/\d+\/asbuilds$/);
  await documentationLink.click();
  await expect(page.getByRole('combobox', { name: 'Layout' })).toHaveValue('Level 1');
  const projectId = /\/property-manager\/(\d+)\/asbuilds/.exec(page.url())![1];
  const documentation = (await (
    await page.request.get(`/api/projects/${projectId}/documentation/`)
  ).json()) as Documentation;
  const layout = documentation.layouts[0]!;

  await page.getByRole('button', { name: 'Edit documentation' }).click();
  await page.getByRole('menuitem', { name: 'Share on a website' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share on a website' });
  const shared = dialog.getByRole('switch', { name: 'Public read-only embed' });
  await expect(shared).not.toBeChecked();
  await shared.click();
  const code = dialog.getByLabel('Embed code');
  await expect(code).toHaveValue(/data-fieldbid-plan="[A-Za-z0-9_-]{43}"/);
  const snippet = await code.inputValue();
  const token = /data-fieldbid-plan="([^"]+)"/.exec(snippet)![1]!;
  expect(snippet).toBe(embedSnippet(baseURL!, token));

  const site = await propertySite(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Tower</title></head>` +
      `<body><h1>Acme Tower floor plans</h1>\n${snippet}\n</body></html>`,
  );
  // A visitor of that site: another browser context, never signed in to FieldBid.
  const visitor = await browser.newPage();
  const errors: string[] = [];
  visitor.on('pageerror', (error) => errors.push(error.message));
  try {
    await visitor.goto(site.url);
    const plan = visitor.getByRole('application', {
      name: `${layout.name} floor plan. Arrow keys pan, plus and minus zoom, 0 resets.`,
    });
    await expect(plan).toBeVisible();
    // The pins are drawn once the plan image (another origin's) has loaded.
    const pinned = layout.photos.filter((photo) => photo.x !== null);
    await expect(visitor.getByRole('button', { name: /^Photo spot/ })).toHaveCount(pinned.length);
    const caption = pinned.find((photo) => photo.caption)!.caption;
    await visitor.getByRole('button', { name: `Photo spot: ${caption}`, exact: true }).click();
    await expect(visitor.getByText(caption, { exact: true })).toBeVisible();

    // Its own zoom buttons, since the page has no toolbar.
    const view = visitor.locator('svg g').first();
    const before = (await view.getAttribute('transform'))!;
    await visitor.getByRole('button', { name: 'Zoom in' }).click();
    await expect(view).not.toHaveAttribute('transform', before);
    await visitor.getByRole('button', { name: 'Reset view' }).click();
    await expect(view).toHaveAttribute('transform', before);
    // Read-only: nothing to measure, keep or edit.
    await expect(visitor.getByRole('button', { name: /Measure|Keep polygon|Edit/ })).toHaveCount(0);

    // Withdrawn in the dialog: the site's copy stops.
    await shared.click();
    await expect(code).toHaveCount(0);
    await visitor.reload();
    await expect(visitor.getByRole('alert')).toHaveText('This floor plan is not shared any more.');
    await expect(plan).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    site.close();
    await visitor.close();
  }
});
