import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { z } from 'zod';
import { myBidPageSchema } from '#shared/bid-responses.ts';
import { projectDocumentationSchema } from '#shared/documentation-responses.ts';
import {
  managerDashboardSchema,
  managerRequestItemSchema,
  managerRequestPageSchema,
  teamSchema,
} from '#shared/manager-responses.ts';
import { conversationListSchema, messageThreadSchema } from '#shared/message-schemas.ts';
import { notificationListSchema } from '#shared/notification-schemas.ts';
import {
  clientProjectListSchema,
  projectHistorySchema,
  projectUnitListSchema,
} from '#shared/project-responses.ts';
import { jobPageSchema, requestDetailSchema } from '#shared/request-responses.ts';
import { insuranceStatusSchema, userProfileAnswerSchema } from '#shared/user-profile.ts';
import { userProjectListSchema } from '#shared/user-projects.ts';
import { authStatusSchema } from '#shared/users.ts';
import { vendorDashboardSchema } from '#shared/vendor-dashboard.ts';
import { vendorDirectorySchema } from '#shared/vendor-directory.ts';
import { accessSchema, visitListSchema } from '#shared/visit-schemas.ts';
import { workQueueSchema } from '#shared/work-queue.ts';

/**
 * The answers the query cache keeps on the device across reloads (query-persister.ts), by name: a
 * query names its answer in `meta.answer` and is read back through that schema when the cache is
 * restored, as the API client read it when it arrived. A query without a name is not kept (admin
 * screens, one-off checks), and a kept answer that no longer matches (an older app wrote it) is
 * dropped, so the screen asks the server (or IndexedDB's kept rows) instead of breaking.
 */
export const PERSISTED_ANSWERS = {
  authStatus: authStatusSchema,
  userProjects: userProjectListSchema,
  jobPage: jobPageSchema,
  requestDetail: requestDetailSchema,
  /** The conversation header's part of the detail (messages/api.ts, useRequestSummary). */
  requestSummary: requestDetailSchema.pick({ id: true, type: true, project: true, user: true }),
  vendorDirectory: vendorDirectorySchema,
  myBidPage: myBidPageSchema,
  vendorDashboard: vendorDashboardSchema,
  projectDocumentation: projectDocumentationSchema,
  conversations: conversationListSchema,
  messageThread: messageThreadSchema,
  notifications: notificationListSchema,
  userProfile: userProfileAnswerSchema,
  insurance: insuranceStatusSchema,
  managerDashboard: managerDashboardSchema,
  managerRequestPage: managerRequestPageSchema,
  /** The open requests the Vendors page offers (the rows of a managerRequestPage). */
  managerRequestRows: z.array(managerRequestItemSchema),
  team: teamSchema,
  /** The dashboard's "Needs you" (manager/api.ts, useWorkQueue). */
  workQueue: workQueueSchema,
  clientProjects: clientProjectListSchema,
  projectUnits: projectUnitListSchema,
  projectHistory: projectHistorySchema,
  /** A job's visits and its entry instructions (kept-visits.ts). */
  visitList: visitListSchema,
  access: accessSchema,
} satisfies Record<string, z.ZodType>;

export type PersistedAnswer = keyof typeof PERSISTED_ANSWERS;

declare module '@tanstack/react-query' {
  interface Register {
    /** `answer`: the name of the query's answer schema, which makes it kept on the device. */
    queryMeta: { answer?: PersistedAnswer };
  }
}

function isPersistedAnswer(name: unknown): name is PersistedAnswer {
  return typeof name === 'string' && Object.hasOwn(PERSISTED_ANSWERS, name);
}

/** Whether a query is kept on the device: it names its answer's schema. */
export function namesPersistedAnswer(meta: Record<string, unknown> | undefined): boolean {
  return isPersistedAnswer(meta?.answer);
}

/** The restored cache with every query read through its answer's schema; the rest are left out. */
export function readPersistedClient(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.flatMap((query) => {
    const name = query.meta?.answer;
    if (!isPersistedAnswer(name)) return [];
    const result = PERSISTED_ANSWERS[name].safeParse(query.state.data);
    if (result.success) return [{ ...query, state: { ...query.state, data: result.data } }];
    console.warn(`A kept ${name} answer no longer matches its schema; it is not shown.`, result.error.issues);
    return [];
  });
  return { ...client, clientState: { ...client.clientState, queries } };
}
