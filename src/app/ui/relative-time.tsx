import { relativeTime } from '#shared/date-display.ts';
import { useNow } from './use-now.ts';

/** '5 minutes ago', 'in 3 days': counted from useNow's clock, so a hydrated page agrees with its server HTML. */
export function RelativeTime({ value }: { value: string | Date }) {
  return <>{relativeTime(value, useNow())}</>;
}
