import { createContext, useContext, useEffect } from 'react';

/**
 * Tells the bid dialog that a dialog opened above it (the measuring view): Mantine's modals each
 * close on Escape from a window listener, so without this one Escape would close both.
 */
export const NestedDialogContext = createContext<(open: boolean) => void>(() => {});

export function useNestedDialog(open: boolean) {
  const report = useContext(NestedDialogContext);
  useEffect(() => {
    report(open);
    return () => report(false);
  }, [report, open]);
}
