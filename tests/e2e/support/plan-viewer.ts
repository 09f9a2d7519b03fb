import type { Page, Response } from '@playwright/test';

/** Clicks the floor plan at fractions of its box (measure points, place spots). */
export async function clickPlan(
  page: Page,
  fractions: ReadonlyArray<readonly [number, number]>,
): Promise<void> {
  const plan = page.getByRole('application');
  await plan.scrollIntoViewIfNeeded();
  const box = (await plan.boundingBox())!;
  for (const [fx, fy] of fractions) {
    await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
  }
}

/** Records the answers to /static/ requests from now on, by path (the viewer's three files). */
export function recordViewerFiles(page: Page): Map<string, Response> {
  const files = new Map<string, Response>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/static/')) files.set(url.pathname, response);
  });
  return files;
}
