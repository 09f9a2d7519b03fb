// When the entries start their work: after the first paint, and after load when idle.
/**
 * Resolves once the browser has painted the page's HTML (a frame, then a task), or after 100 ms in a
 * tab that paints no frames (in the background). The entries wait for it before they evaluate React
 * and the app: the prerendered page or the shell's frame shows first, and evaluating the
 * scripts cannot delay that first paint even when they are already downloaded.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

/** Resolves in a later task: work split by it lets the browser paint and answer input in between. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves when the page has loaded and the browser is idle (at most 3 s later): for work no first
 * view needs, such as registering the service worker and its precache downloads.
 */
export function afterLoadAndIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 3000 });
      else setTimeout(resolve, 500);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

/**
 * Resolves once the page's first contentful paint has happened and the page has loaded (its images
 * too): what a prerendered page waits for before it downloads its scripts. The page reads
 * and works as HTML meanwhile; its scripts then do not share the slow link with the HTML's own
 * content, and the first paint and the largest image never wait behind them. A hidden tab paints
 * nothing, so it waits for the load only.
 */
export function afterPaintAndLoad(): Promise<void> {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  return Promise.all([firstContentfulPaint(), loaded]).then(() => undefined);
}

function firstContentfulPaint(): Promise<void> {
  if (document.visibilityState === 'hidden' || typeof PerformanceObserver === 'undefined') {
    return afterFirstPaint();
  }
  return new Promise((resolve) => {
    // A browser without paint timing entries still goes on after its first frame.
    const fallback = setTimeout(() => void afterFirstPaint().then(resolve), 1_000);
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      clearTimeout(fallback);
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}
