import { createContext, useContext, useEffect } from 'react';

/** Filled by the build's prerenderer (src/app/prerender), which has no document to set a title on. */
export interface PageTitleCollector {
  title?: string;
}

export const PageTitleContext = createContext<PageTitleCollector | null>(null);

/** The tab's title; prerendered pages also get it into their HTML's <title> from here. */
export function usePageTitle(title: string): void {
  const collector = useContext(PageTitleContext);
  if (collector) collector.title = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
