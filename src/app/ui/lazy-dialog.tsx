import { type ComponentType, type LazyExoticComponent, Suspense, useState } from 'react';

/**
 * A dialog whose module (React.lazy) loads when it first opens: its form library, date pickers and
 * Modal stay out of the first load of the screen that offers it. Once opened it stays
 * mounted, so it closes with its transition and keeps its state, as before.
 */
export function LazyDialog<P extends object>({
  dialog: Dialog,
  open,
  props,
}: {
  dialog: LazyExoticComponent<ComponentType<P>>;
  open: boolean;
  props: P;
}) {
  const [wanted, setWanted] = useState(false);
  // Derived state, set while rendering (React's pattern for "remember that it opened once").
  if (!wanted && open) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
