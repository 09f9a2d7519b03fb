import { maintenanceRequests as mr } from '../db/schema/requests.ts';

/** The columns of a row of the vendor's jobs list, as the page selects them. */
export const jobRowColumns = {
  id: mr.id,
  created_at: mr.createdAt,
  service_type: mr.type,
  description: mr.description,
  status: mr.status,
  deadline: mr.bidDeadline,
  areas_affected: mr.areasAffected,
  timeframe: mr.timeframe,
};
