import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api-client.ts';
import {
  type AdminContactMessage,
  type AdminDemoRequest,
  type AdminVisitRequest,
  adminContactMessageSchema,
  adminDemoRequestSchema,
  adminVisitRequestSchema,
  contactMessagePageSchema,
  type DemoDecision,
  demoRequestPageSchema,
  type InboxKind,
  inboxCountsSchema,
  visitRequestPageSchema,
} from '#shared/admin-inbox.ts';
import { type InboxView, inboxListQuery } from './inbox-view.ts';
import { refetchInBackground } from './refetch-in-background.ts';

// The admin Inbox's calls (staff only): open counts, the three lists, handle and reopen.

export const inboxKeys = {
  all: ['admin', 'inbox'] as const,
  counts: () => [...inboxKeys.all, 'counts'] as const,
  list: (kind: InboxKind, view: InboxView) =>
    [...inboxKeys.all, kind, view.openOnly, view.search, view.page] as const,
};

export function useInboxCounts() {
  return useQuery({
    queryKey: inboxKeys.counts(),
    queryFn: async ({ signal }) =>
      await apiRequest('/api/admin/inbox/counts/', { schema: inboxCountsSchema, signal }),
  });
}

export function useDemoRequests(view: InboxView) {
  return useQuery({
    queryKey: inboxKeys.list('demo-requests', view),
    queryFn: async ({ signal }) =>
      await apiRequest('/api/admin/demo-requests/', {
        schema: demoRequestPageSchema,
        query: inboxListQuery(view),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useContactMessages(view: InboxView) {
  return useQuery({
    queryKey: inboxKeys.list('contact-messages', view),
    queryFn: async ({ signal }) =>
      await apiRequest('/api/admin/contact-messages/', {
        schema: contactMessagePageSchema,
        query: inboxListQuery(view),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useVisitRequests(view: InboxView) {
  return useQuery({
    queryKey: inboxKeys.list('visit-requests', view),
    queryFn: async ({ signal }) =>
      await apiRequest('/api/admin/visit-requests/', {
        schema: visitRequestPageSchema,
        query: inboxListQuery(view),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * What a row's button asks: approve or decline a demo request, mark a message or a visit request
 * handled, reopen any of them.
 */
export type InboxChange =
  | { kind: 'demo-requests'; id: number; action: 'handle'; status: DemoDecision }
  | { kind: InboxKind; id: number; action: 'reopen' }
  | { kind: 'contact-messages' | 'visit-requests'; id: number; action: 'handle' };

const itemSchemas = {
  'demo-requests': adminDemoRequestSchema,
  'contact-messages': adminContactMessageSchema,
  'visit-requests': adminVisitRequestSchema,
} as const;

/** Sends the change; the lists and counts are fetched again either way (a 409 means the row was stale). */
export function useInboxChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      change: InboxChange,
    ): Promise<AdminDemoRequest | AdminContactMessage | AdminVisitRequest> => {
      return apiRequest(`/api/admin/${change.kind}/${change.id}/${change.action}/`, {
        schema: itemSchemas[change.kind],
        method: 'POST',
        json: 'status' in change ? { status: change.status } : {},
      });
    },
    onSettled: refetchInBackground(queryClient, inboxKeys.all),
  });
}
