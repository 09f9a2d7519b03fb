import type { FastifyInstance } from 'fastify';
import { accessRoutes } from './access-routes.ts';
import { visitCalendarRoutes } from './visit-calendar-routes.ts';
import { visitDayRoutes } from './visit-day-routes.ts';
import { visitScheduleRoutes } from './visit-schedule-routes.ts';

/** A job's visits and its entry and access (docs/decisions/job-visits.md), registered in one line. */
export async function visitRoutes(app: FastifyInstance): Promise<void> {
  await app.register(accessRoutes);
  await app.register(visitCalendarRoutes);
  await app.register(visitDayRoutes);
  await app.register(visitScheduleRoutes);
}
