// The API reference at /api/docs at 1280 and 375 px, failing on any console error (a CSP
// refusal is one): node tests/screenshots/api-docs-screens.mjs (screens in /tmp/shots/).
import { chromium } from '@playwright/test';
import { startScreenshotServer } from './screenshot-server.mjs';

const { base, stop } = await startScreenshotServer(8391);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const problems = [];
try {
  for (const width of [1280, 375]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${width}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${width}: ${error}`));
    await page.goto(`${base}/api/docs/`);
    await page.locator('.opblock-tag').first().waitFor();
    await page.screenshot({ path: `/tmp/shots/api-docs-${width}.png` });
    // Swagger UI breaks paths with invisible characters after each slash: match a path segment.
    // Swagger UI renders only the sections near the viewport: scroll down until API keys shows. Its paths carry invisible
    // characters after each slash, so an operation is found by a path segment.
    await page
      .waitForFunction(() => {
        window.scrollBy(0, window.innerHeight / 2);
        return [...document.querySelectorAll('.opblock-tag')].some((tag) => tag.textContent === 'API keys');
      })
      .catch(async (error) => {
        console.log(
          problems,
          await page.evaluate(() => ({
            tags: [...document.querySelectorAll('.opblock-tag')].map((tag) => tag.textContent),
            operations: document.querySelectorAll('.opblock').length,
          })),
        );
        throw error;
      });
    const createKey = page
      .locator('.opblock-post')
      .filter({ hasText: /api-keys/ })
      .first();
    await createKey.locator('.opblock-summary').click();
    await createKey.locator('.responses-wrapper').waitFor();
    await createKey.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots/api-docs-${width}-operation.png` });
    await page.close();
  }
} finally {
  await browser.close();
  stop();
}
console.log(problems.length === 0 ? 'no console errors' : problems.join('\n'));
process.exitCode = problems.length === 0 ? 0 : 1;
