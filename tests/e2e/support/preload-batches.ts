import type { Page } from '@playwright/test';

declare const window: { preloadBatches?: number[] };
declare class MutationObserver {
  constructor(callback: (records: Array<{ addedNodes: Iterable<unknown> }>) => void);
  observe(target: unknown, options: { childList: boolean; subtree: boolean }): void;
}
declare const document: unknown;

/**
 * Counts the modulepreload links the page adds, per batch of DOM changes (one task's worth): an app
 * start adds its chunks' links a few a task (src/app/route-chunks.ts), where Vite's preload helper
 * added all of an import's in one task, the longest task of a page's start (issue 16: total
 * blocking time). Call before the page loads.
 */
export async function recordPreloadBatches(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.preloadBatches = [];
    const preload = (node: unknown) => {
      const element = node as { nodeName?: string; rel?: string };
      return element.nodeName === 'LINK' && element.rel === 'modulepreload';
    };
    new MutationObserver((records) => {
      let added = 0;
      for (const record of records) for (const node of record.addedNodes) if (preload(node)) added += 1;
      if (added > 0) window.preloadBatches?.push(added);
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The most modulepreload links the page added in one batch since it loaded. */
export function largestPreloadBatch(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, ...(window.preloadBatches ?? [])));
}
