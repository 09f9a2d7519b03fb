import type { RequestDetail } from '#shared/request-responses.ts';
import type { Priority } from '#shared/statuses.ts';

/*
 * What the request detail's facts card says about urgency and place: what was entered on the form
 * that raised the request, never a default the other form stored.
 */

const PRIORITY_TEXT: Record<Priority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

type Facts = Pick<RequestDetail, 'raised_by' | 'priority' | 'timeframe' | 'unit' | 'areas_affected' | 'spot'>;

/**
 * A manager's form sets the priority (its stored timeframe is only the default, 'Urgent'); a vendor's
 * report sets the timeline. A copy kept from before `raised_by` shows the timeline, as it did.
 */
export function urgencyFact(request: Facts): { label: 'Priority' | 'Timeline'; text: string } {
  if (request.raised_by === 'manager' && request.priority) {
    return { label: 'Priority', text: PRIORITY_TEXT[request.priority] };
  }
  return { label: 'Timeline', text: request.timeframe ?? 'Not specified' };
}

/** The areas listed, then the unit and the spot or area marked on the floor plan; 'None listed' without any. */
export function areasAffectedText(request: Facts): string {
  const parts = [...request.areas_affected];
  if (request.unit) parts.push(`Unit ${request.unit}`);
  if (request.spot) {
    const marked = request.spot.area ? 'Area marked' : 'Spot marked';
    parts.push(`${marked} on ${request.spot.layout.name} (see the floor plan below)`);
  }
  return parts.length > 0 ? parts.join(', ') : 'None listed';
}
