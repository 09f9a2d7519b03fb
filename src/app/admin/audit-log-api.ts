import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import { auditLogPageSchema } from '#shared/admin-audit-log.ts';
import { type AuditLogView, auditLogQuery } from './audit-log-view.ts';

// The Audit log's one call (superusers only): a page of entries for the view in the URL.

export const auditLogKeys = {
  all: ['admin', 'audit-log'] as const,
  list: (view: AuditLogView) => [...auditLogKeys.all, view] as const,
};

export function useAuditLog(view: AuditLogView) {
  return useQuery({
    queryKey: auditLogKeys.list(view),
    queryFn: async ({ signal }) =>
      await apiRequest('/api/admin/audit-log/', {
        schema: auditLogPageSchema,
        query: auditLogQuery(view),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
