import {
  type ReactNode,
  startTransition,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  type Location,
  type NavigationType,
  type Navigator,
  type Path,
  parsePath,
  Router,
  type To,
  UNSAFE_createBrowserHistory,
} from 'react-router-dom';
import { type PageNavigate, PageNavigationContext } from './page-link.tsx';

interface Shown {
  action: NavigationType;
  location: Location;
  /** How many history changes led here: a navigation settles once this reaches its own. */
  change: number;
}

interface LoadingBrowserRouterProps {
  /** Loads what the location renders (its screens' chunks); a failure is left to the routes. */
  prepare: (location: Partial<Path>) => Promise<unknown>;
  children: ReactNode;
}

/**
 * React Router's declarative router (BrowserRouter's part) with two guarantees of its data router
 * that the app relies on, whose 19 KB of loaders and actions it does not carry (docs/decisions/pwa-build-and-router.md):
 * - A push or replace changes the URL only once the next location's screens are loaded, so the page
 *   shown and the address bar never disagree while a chunk downloads (a property chosen meanwhile
 *   applies to the page the URL names). The later of two navigations wins; back and forward, whose
 *   URL the browser has already changed, show the location once it is loaded too.
 * - The app's own navigate (`PageNavigationContext`: PageLink, useSignOut) settles once the new
 *   location has been rendered, or overtaken by a later one: signing out leaves the guarded area
 *   before the token goes.
 */
export function LoadingBrowserRouter({ prepare, children }: LoadingBrowserRouterProps) {
  const [history] = useState(() => UNSAFE_createBrowserHistory({ v5Compat: true }));
  const changes = useRef(0);
  const [shown, setShown] = useState<Shown>(() => ({
    action: history.action,
    location: history.location,
    change: 0,
  }));
  // The latest navigation asked for: an earlier one still loading gives way to it.
  const latest = useRef(0);
  const settling = useRef(new Set<{ change: number; settle: () => void }>());

  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        const change = ++changes.current;
        const show = () => startTransition(() => setShown({ action, location, change }));
        if (action !== 'POP') {
          show();
          return;
        }
        const pop = ++latest.current;
        void prepare(location)
          .catch(() => undefined)
          .then(() => {
            if (pop === latest.current) show();
          });
      }),
    [history, prepare],
  );

  useEffect(() => {
    for (const waiter of settling.current) {
      if (waiter.change > shown.change) continue;
      settling.current.delete(waiter);
      waiter.settle();
    }
  }, [shown]);

  const go = useMemo(
    () =>
      async (to: To, options: { replace?: boolean; state?: unknown }): Promise<void> => {
        const navigation = ++latest.current;
        await prepare(typeof to === 'string' ? parsePath(to) : to).catch(() => undefined);
        if (navigation !== latest.current) return;
        if (options.replace) history.replace(to, options.state);
        else history.push(to, options.state);
        // The listener has run (synchronously): this navigation's change is the latest. A later one
        // rendered first settles it too.
        const change = changes.current;
        await new Promise<void>((settle) => settling.current.add({ change, settle }));
      },
    [history, prepare],
  );

  const navigator = useMemo<Navigator>(
    () => ({
      createHref: history.createHref,
      encodeLocation: history.encodeLocation,
      go: history.go,
      push: (to, state) => void go(to, { state }),
      replace: (to, state) => void go(to, { replace: true, state }),
    }),
    [history, go],
  );
  const pageNavigate = useMemo<PageNavigate>(
    () => (to, options) => go(to, { replace: options?.replace }),
    [go],
  );

  return (
    <PageNavigationContext.Provider value={pageNavigate}>
      <Router location={shown.location} navigationType={shown.action} navigator={navigator}>
        {children}
      </Router>
    </PageNavigationContext.Provider>
  );
}
