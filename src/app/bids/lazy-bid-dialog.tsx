import { lazy } from 'react';
import { LazyDialog } from '#app/ui/lazy-dialog.tsx';
import type { BidDialogProps } from './bid-dialog.tsx';

const BidDialog = lazy(() => import('./bid-dialog.tsx').then((m) => ({ default: m.BidDialog })));

/** The bid dialog, loaded on the first Bid click (the date picker and the form come with it). */
export function LazyBidDialog(props: BidDialogProps) {
  return <LazyDialog dialog={BidDialog} open={props.requestId !== null} props={props} />;
}
