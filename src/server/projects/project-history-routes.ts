import type { FastifyInstance } from 'fastify';
import { historyCsv, historyFileName } from './history-csv.ts';
import { requireManagedProject } from './project-access.ts';
import { loadProjectHistory } from './project-history.ts';

/**
 * A property's maintenance history, for the client's managers and staff: GET
 * /api/projects/{id}/history/ (JSON) and GET /api/projects/{id}/history.csv (a download).
 */
export async function projectHistoryRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/projects/:id/history/', async (request) => {
    const project = await requireManagedProject(app.db, request);
    return loadProjectHistory(app.db, project.id);
  });

  app.get<{ Params: { id: string } }>('/api/projects/:id/history.csv', async (request, reply) => {
    const project = await requireManagedProject(app.db, request);
    const csv = historyCsv(await loadProjectHistory(app.db, project.id));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${historyFileName(project.name, project.id)}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
