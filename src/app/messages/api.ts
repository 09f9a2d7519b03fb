import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest, readAnswer } from '#app/lib/api-client.ts';
import { useEventStreamConnected, useServerEvent } from '#app/lib/event-stream.ts';
import { notificationKeys } from '#app/notifications/api.ts';
import { listStore, type OfflineStore, offlineQueryFn, rowStore } from '#app/offline/offline-query.ts';
import { submitThroughOutbox } from '#app/offline/outbox-api.ts';
import { refusalError } from '#app/offline/refusal-error.ts';
import {
  conversationListSchema,
  MESSAGE_POLL_MS,
  type Message,
  type MessageInput,
  messageSchema,
  messageThreadSchema,
} from '#shared/message-schemas.ts';
import { type RequestDetail, requestDetailSchema } from '#shared/request-responses.ts';

// The message calls (signed-in spec, section 7) and their query keys.

/** A thread: a vendor's own on a request (`vendor` undefined), or a manager's with one vendor. */
export interface ThreadRef {
  requestId: number;
  vendorId?: number | undefined;
}

export const messageKeys = {
  all: ['messages'] as const,
  conversations: () => [...messageKeys.all, 'conversations'] as const,
  thread: ({ requestId, vendorId }: ThreadRef) =>
    [...messageKeys.all, 'thread', requestId, vendorId ?? 'own'] as const,
  request: (requestId: number) => [...messageKeys.all, 'request', requestId] as const,
};

/** Polls only while the event stream is down (signed-in spec, section 9: every 5 seconds). */
function usePollingFallback(): number | false {
  return useEventStreamConnected() ? false : MESSAGE_POLL_MS;
}

export function useConversations() {
  const refetchInterval = usePollingFallback();
  return useQuery({
    queryKey: messageKeys.conversations(),
    meta: { answer: 'conversations' },
    queryFn: offlineQueryFn(
      (signal) => apiRequest('/api/messages/conversations/', { schema: conversationListSchema, signal }),
      listStore(conversationListSchema, messageKeys.conversations()),
    ),
    refetchInterval,
    staleTime: 0,
  });
}

/** A manager's threads are not kept on the device (only vendors work offline in the field). */
const NOT_KEPT: OfflineStore<Message[]> = { save: async () => undefined, load: async () => undefined };

function threadQueryOptions(
  thread: ThreadRef,
  { refetchInterval = false, markRead = true }: { refetchInterval?: number | false; markRead?: boolean } = {},
) {
  return queryOptions({
    queryKey: messageKeys.thread(thread),
    meta: { answer: 'messageThread' },
    // Offline, the copy kept on the device answers (issue 7); rows hold the vendor's own threads.
    queryFn: offlineQueryFn(
      (signal) =>
        apiRequest('/api/messages/', {
          schema: messageThreadSchema,
          signal,
          query: {
            request: thread.requestId,
            vendor: thread.vendorId,
            mark_read: markRead ? undefined : 'false',
          },
        }),
      thread.vendorId === undefined
        ? rowStore(messageThreadSchema, 'conversations', thread.requestId)
        : NOT_KEPT,
    ),
    refetchInterval,
    staleTime: 0,
  });
}

/**
 * The signed-in vendor's own thread on a request, for fetching outside a screen (keeping a job
 * offline): read without marking it read, since the vendor has not seen it.
 */
export function vendorThreadQueryOptions(requestId: number) {
  return threadQueryOptions({ requestId }, { markRead: false });
}

export function useThread(thread: ThreadRef) {
  const query = useQuery(threadQueryOptions(thread, { refetchInterval: usePollingFallback() }));
  const queryClient = useQueryClient();
  const refreshedBell = useRef(false);
  // The first read of a thread marks its notices read on the server; the bell's own first fetch may
  // have raced it on a full page load, so it asks again once (live events cover later reads).
  useEffect(() => {
    if (!query.isSuccess || query.isPlaceholderData || refreshedBell.current) return;
    refreshedBell.current = true;
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  }, [query.isSuccess, query.isPlaceholderData, queryClient]);
  return query;
}

/** What the conversation header shows of the request (GET /api/requests/{id}/). */
export type RequestSummary = Pick<RequestDetail, 'id' | 'type' | 'project' | 'user'>;

export function useRequestSummary(requestId: number) {
  return useQuery({
    queryKey: messageKeys.request(requestId),
    meta: { answer: 'requestSummary' },
    // The same row as the request detail keeps the full answer; only the summary is kept in memory.
    queryFn: async (context): Promise<RequestSummary> => {
      const detail = await offlineQueryFn(
        (signal) => apiRequest(`/api/requests/${requestId}/`, { schema: requestDetailSchema, signal }),
        rowStore(requestDetailSchema, 'requestDetails', requestId),
      )(context);
      return { id: detail.id, type: detail.type, project: detail.project, user: detail.user };
    },
    retry: false,
  });
}

/** A message the server took (`sent`), or one kept on this device to be sent when back online. */
export type SendMessageResult = { kind: 'sent'; message: Message } | { kind: 'queued' };

/**
 * POST /api/messages/: the one place a message is sent, through the offline outbox (its
 * Idempotency-Key is kept across replays, so a message is never sent twice). A refusal throws the
 * ApiError a direct call would have.
 */
export async function sendMessage(input: MessageInput): Promise<SendMessageResult> {
  const path = '/api/messages/';
  const result = await submitThroughOutbox({
    kind: 'message.create',
    method: 'POST',
    path,
    body: { ...input },
    requestId: input.request,
    label: `Message on request #${input.request}`,
  });
  if (result.status === 'refused') throw refusalError(result.refusal);
  if (result.status === 'queued') return { kind: 'queued' };
  return { kind: 'sent', message: readAnswer(messageSchema, result.body, { method: 'POST', path }) };
}

function appendMessage(list: Message[] | undefined, message: Message): Message[] | undefined {
  if (!list || list.some((existing) => existing.id === message.id)) return list;
  return [...list, message];
}

/** A sent message is appended to the thread (signed-in spec, section 4). */
export function useSendMessage(thread: ThreadRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      sendMessage({
        request: thread.requestId,
        content,
        ...(thread.vendorId ? { vendor: thread.vendorId } : {}),
      }),
    onSuccess: (result) => {
      if (result.kind === 'queued') return;
      queryClient.setQueryData(messageKeys.thread(thread), (list: Message[] | undefined) =>
        appendMessage(list, result.message),
      );
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
    },
  });
}

/**
 * Pushed messages (DESIGN.md, Real-time): appended to the open thread at once, then the thread is
 * fetched again (which marks them read); the conversation list is refreshed for any thread.
 */
export function useLiveMessages(thread?: ThreadRef): void {
  const queryClient = useQueryClient();
  useServerEvent('message', (data) => {
    void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
    const parsed = messageSchema.safeParse(data);
    if (!thread) return;
    if (!parsed.success) {
      // Too large to travel with the event: fetch the open thread instead.
      void queryClient.invalidateQueries({ queryKey: messageKeys.thread(thread) });
      return;
    }
    const message = parsed.data;
    if (message.request !== thread.requestId) return;
    if (thread.vendorId !== undefined && message.vendor !== thread.vendorId) return;
    queryClient.setQueryData(messageKeys.thread(thread), (list: Message[] | undefined) =>
      appendMessage(list, message),
    );
    void queryClient.invalidateQueries({ queryKey: messageKeys.thread(thread) });
  });
}
