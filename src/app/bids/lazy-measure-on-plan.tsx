import { lazy } from 'react';
import { LazyDialog } from '#app/ui/lazy-dialog.tsx';
import type { MeasureOnPlanProps } from './measure-on-plan.tsx';

const MeasureOnPlan = lazy(() => import('./measure-on-plan.tsx').then((m) => ({ default: m.MeasureOnPlan })));

/** The measuring view, loaded the first time a vendor opens it (the plain bid never needs it). */
export function LazyMeasureOnPlan(props: MeasureOnPlanProps) {
  return <LazyDialog dialog={MeasureOnPlan} open={props.opened} props={props} />;
}
