import type { Page } from '@playwright/test';

declare const window: { preloadBatches?: number[]; stylesheetsWhileInert?: string[] };
declare class MutationObserver {
  constructor(callback: (records: Array<{ addedNodes: Iterable<unknown> }>) => void);
  observe(target: unknown, options: { childList: boolean; subtree: boolean }): void;
}
declare const document: { getElementById(id: string): { hasAttribute(name: string): boolean } | null };

/**
 * Counts the modulepreload links the page adds, per batch of DOM changes (one task's worth): an app
 * start adds its chunks' links a few a task (src/app/route-chunks.ts), where Vite's preload helper
 * added all of an import's in one task, the longest task of a page's start (total
 * blocking time). Call before the page loads.
 */
export async function recordPreloadBatches(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.preloadBatches = [];
    window.stylesheetsWhileInert = [];
    const linkOf = (node: unknown) => {
      const element = node as { nodeName?: string; rel?: string; href?: string; disabled?: boolean };
      return element.nodeName === 'LINK' ? element : undefined;
    };
    new MutationObserver((records) => {
      let added = 0;
      const inert = document.getElementById('root')?.hasAttribute('inert') === true;
      for (const record of records) {
        for (const node of record.addedNodes) {
          const link = linkOf(node);
          if (link?.rel === 'modulepreload') added += 1;
          if (link?.rel === 'stylesheet' && !link.disabled && inert)
            window.stylesheetsWhileInert?.push(link.href ?? '');
        }
      }
      if (added > 0) window.preloadBatches?.push(added);
    }).observe(document, { childList: true, subtree: true });
  });
}

/**
 * The stylesheets a server-rendered page fetched while inert, before the app took it over: its own
 * are inlined (their links disabled), so these are what a script added before hydrating, each
 * restyling the whole page as it arrives.
 */
export function stylesheetsAddedWhileInert(page: Page): Promise<string[]> {
  return page.evaluate(() => window.stylesheetsWhileInert ?? []);
}

/** The most modulepreload links the page added in one batch since it loaded. */
export function largestPreloadBatch(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, ...(window.preloadBatches ?? [])));
}
