import { integer, pgTable } from 'drizzle-orm/pg-core';
import { createdAt } from '#server/db/columns.ts';
import { maintenanceRequests } from './requests.ts';

/**
 * The requests whose 'new_job' notices are still to be written: the write that opens a request to
 * vendors adds its row in its own transaction, and the announcement job deletes it in the
 * transaction that writes the notices (requests/new-job-announcements.ts), so each request is
 * announced once, off the path of the write that opened it, whichever process runs the job.
 */
export const newJobAnnouncements = pgTable('new_job_announcements', {
  requestId: integer('request_id')
    .primaryKey()
    .references(() => maintenanceRequests.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
