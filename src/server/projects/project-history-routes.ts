import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkFirst } from '#server/auth/route-guards.ts';
import { errorResponses, fileDownload } from '#server/http/route-schemas.ts';
import {
  PROPERTY_NOT_FOUND,
  propertyNotFound,
  requireManagedProject,
  requireSignedIn,
} from '#server/request-core/project-access.ts';
import { type HistoryJob, projectHistorySchema } from '#shared/project-responses.ts';
import { idParamsSchema } from '#shared/record-id.ts';
import { historyCsv, historyFileName } from './history-csv.ts';
import { type HistoryEntry, loadProjectHistory } from './project-history.ts';

const iso = (moment: Date | null) => moment?.toISOString() ?? null;

function historyJob(entry: HistoryEntry): HistoryJob {
  return {
    ...entry,
    created: entry.created.toISOString(),
    started: iso(entry.started),
    completed: iso(entry.completed),
  };
}

/**
 * A property's maintenance history, for the client's managers and staff: GET
 * /api/projects/{id}/history/ (JSON) and GET /api/projects/{id}/history.csv (a download).
 */
export async function projectHistoryRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const options = {
    preValidation: checkFirst(requireSignedIn),
    config: { notFound: propertyNotFound(PROPERTY_NOT_FOUND) },
  };

  const historySchema = {
    summary: "A property's completed jobs, last completed first",
    params: idParamsSchema,
    response: { ...errorResponses, 200: projectHistorySchema },
  };
  api.get('/api/projects/:id/history/', { ...options, schema: historySchema }, async (request) => {
    const project = await requireManagedProject(app.db, requireSignedIn(request), request.params.id);
    return (await loadProjectHistory(app.db, project.id)).map(historyJob);
  });

  const csvSchema = {
    summary: "A property's maintenance history as a CSV download",
    params: idParamsSchema,
    response: { ...errorResponses, 200: fileDownload('The history, one row per job', ['text/csv']) },
  };
  api.get('/api/projects/:id/history.csv', { ...options, schema: csvSchema }, async (request, reply) => {
    const project = await requireManagedProject(app.db, requireSignedIn(request), request.params.id);
    // The property's own zone: where the work was done says when it was done, whoever downloads it.
    const csv = historyCsv(await loadProjectHistory(app.db, project.id), {
      timeZone: project.timeZone,
      origin: app.config.publicUrl,
    });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${historyFileName(project.name, project.id)}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
