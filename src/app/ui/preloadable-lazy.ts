import { type ComponentType, createElement, lazy, useState } from 'react';

/**
 * React.lazy that can be loaded ahead of its first render. A lazy part of a server-rendered page that
 * is still loading when the browser hydrates the page stays server HTML until its chunk arrives, and
 * is then hydrated on its own, synchronously, right after the page's commit: one long task (first paint:
 * total blocking time). Loaded first (`preload()`), it renders at once as the component itself and
 * hydrates with the rest, in slices.
 */
export function preloadableLazy<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> & { preload: () => Promise<void> } {
  let loaded: ComponentType<Props> | undefined;
  const Lazy = lazy(async () => ({ default: await load() }));
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React.lazy, called once per part at module level.
  function PreloadableLazy(props: Props) {
    // Decided once per instance: switching between the two would mount the part anew.
    const [Use] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return createElement(Use, props);
  }
  PreloadableLazy.preload = async () => {
    loaded = await load();
  };
  return PreloadableLazy;
}
