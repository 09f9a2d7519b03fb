import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';

// The toasts' component, its transitions and styles load with the first toast: until then a shown
// toast waits in @mantine/notifications' store, and appears when the host has loaded.
const Toasts = lazy(() => import('./toasts.tsx').then((m) => ({ default: m.Toasts })));

const hasToasts = () => notificationsStore.getState().notifications.length > 0;

/** Mounted once at each root; renders nothing on the server, while hydrating, and until a toast. */
export function ToastHost() {
  const wanted = useSyncExternalStore(notificationsStore.subscribe, hasToasts, () => false);
  // Once loaded it stays, so a closing toast finishes its transition.
  const [loaded, setLoaded] = useState(false);
  if (wanted && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
