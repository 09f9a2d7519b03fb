// When the entries start their work (issue 16): after the first paint, and after load when idle.
/**
 * Resolves once the browser has painted the page's HTML (a frame, then a task), or after 100 ms in a
 * tab that paints no frames (in the background). The entries wait for it before they evaluate React
 * and the app (issue 16): the prerendered page or the shell's frame shows first, and evaluating the
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
