import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { MountedViewer, ViewerOptions } from '#viewer/viewer-api.ts';
import { initialViewerState } from '#viewer/viewer-state.ts';
import { loadInteractiveViewer } from './viewer-assets.ts';

const noSubscription = () => () => {};
const beforeMount = () => initialViewerState;

export type ViewerLoad = 'loading' | 'ready' | 'failed';

/**
 * Mounts the framework-free viewer (/static/js/interactive-viewer*.js) into `hostRef` through its
 * init script, and follows its state. The callbacks may change on every render.
 */
export function useInteractiveViewer(callbacks: Pick<ViewerOptions, 'onPin' | 'onPlace'>) {
  const hostRef = useRef<HTMLDivElement | null>(null);
  const [viewer, setViewer] = useState<MountedViewer | null>(null);
  const [load, setLoad] = useState<ViewerLoad>('loading');
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });

  useEffect(() => {
    let mounted: MountedViewer | null = null;
    let cancelled = false;
    loadInteractiveViewer().then(
      (mount) => {
        if (cancelled || !hostRef.current) return;
        mounted = mount(hostRef.current, {
          onPin: (pin) => latest.current.onPin?.(pin),
          onPlace: (point) => latest.current.onPlace?.(point),
        });
        setViewer(mounted);
        setLoad('ready');
      },
      () => {
        if (!cancelled) setLoad('failed');
      },
    );
    return () => {
      cancelled = true;
      mounted?.destroy();
    };
  }, []);

  // The server renders (and the browser hydrates) the state before mounting: without that snapshot
  // React cannot render the screen on the server at all (a request detail pinned on the plan).
  const state = useSyncExternalStore(
    viewer?.subscribe ?? noSubscription,
    viewer?.getState ?? beforeMount,
    beforeMount,
  );
  return { hostRef, viewer, state, load };
}
