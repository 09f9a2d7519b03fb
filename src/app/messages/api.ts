import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest, readAnswer } from '#app/lib/api-client.ts';
import { useEventStreamConnected, useServerEvent } from '#app/lib/event-stream.ts';
import { usePageVisible } from '#app/lib/page-visible.ts';
import { notificationKeys } from '#app/notifications/api.ts';
import { listStore, type OfflineStore, offlineQueryFn, rowStore } from '#app/offline/offline-query.ts';
import { submitThroughOutbox } from '#app/offline/outbox-api.ts';
import { useOnline } from '#app/offline/outbox-hooks.ts';
import { refusalError } from '#app/offline/refusal-error.ts';
import { requestNumber } from '#shared/display-names.ts';
import {
  conversationListSchema,
  MESSAGE_POLL_MS,
  type Message,
  type MessageInput,
  type MessageReadInput,
  messageReadResponseSchema,
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
  { refetchInterval = false }: { refetchInterval?: number | false } = {},
) {
  return queryOptions({
    queryKey: messageKeys.thread(thread),
    meta: { answer: 'messageThread' },
    // Offline, the copy kept on the device answers; rows hold the vendor's own threads.
    queryFn: offlineQueryFn(
      (signal) =>
        apiRequest('/api/messages/', {
          schema: messageThreadSchema,
          signal,
          query: { request: thread.requestId, vendor: thread.vendorId },
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
 * offline). Reading a thread never marks it read: only the conversation screen does, once shown.
 */
export function vendorThreadQueryOptions(requestId: number) {
  return threadQueryOptions({ requestId });
}

export function useThread(thread: ThreadRef) {
  return useQuery(threadQueryOptions(thread, { refetchInterval: usePollingFallback() }));
}

/**
 * POST /api/messages/read/: marks the thread's messages from the other side and the caller's notices
 * of it read (which cancels their email, text and push not sent yet). Answers how many it marked.
 */
export async function markThreadRead(thread: ThreadRef): Promise<number> {
  const answer = await apiRequest('/api/messages/read/', {
    schema: messageReadResponseSchema,
    method: 'POST',
    json: {
      request: thread.requestId,
      ...(thread.vendorId === undefined ? {} : { vendor: thread.vendorId }),
    } satisfies MessageReadInput,
  });
  return answer.marked;
}

/** The newest message the other side wrote: a vendor reads the managers', a manager the vendor's. */
function newestFromOtherSide(thread: ThreadRef, messages: Message[] | undefined): number | null {
  const vendorSide = thread.vendorId === undefined;
  let newest: number | null = null;
  for (const message of messages ?? []) {
    if ((message.sender_role === 'vendor') === vendorSide) continue;
    if (newest === null || message.id > newest) newest = message.id;
  }
  return newest;
}

/**
 * Marks the thread read once its messages are on screen (`shown`: rendered from an answer that is
 * not being fetched again): when it opens, and when a message from the other side arrives while it
 * is open. Only while the page is visible (a background tab has read nothing) and the device is
 * online. Not through the offline outbox: a mark is nobody's work to keep, and one that fails is
 * sent again when the page is shown again, the device comes back online or a message arrives.
 */
export function useMarkThreadRead(thread: ThreadRef, messages: Message[] | undefined, shown: boolean): void {
  const queryClient = useQueryClient();
  const visible = usePageVisible();
  const online = useOnline();
  const newest = newestFromOtherSide(thread, messages);
  const threadKey = `${thread.requestId} ${thread.vendorId ?? 'own'}`;
  const sent = useRef<{ threadKey: string; newest: number } | null>(null);
  const { requestId, vendorId } = thread;

  useEffect(() => {
    if (!shown || !visible || !online || newest === null) return;
    const done = sent.current;
    if (done && done.threadKey === threadKey && done.newest >= newest) return;
    const mark = { threadKey, newest };
    sent.current = mark;
    markThreadRead({ requestId, vendorId }).then(
      () => {
        // The conversation list's unread counts; the bell also hears of its notices over the event stream.
        void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      },
      () => {
        if (sent.current === mark) sent.current = null;
      },
    );
  }, [shown, visible, online, newest, threadKey, requestId, vendorId, queryClient]);
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
    label: `Message on request ${requestNumber(input.request)}`,
  });
  if (result.status === 'refused') throw refusalError(result.refusal);
  if (result.status === 'queued') return { kind: 'queued' };
  return { kind: 'sent', message: readAnswer(messageSchema, result.body, { method: 'POST', path }) };
}

function appendMessage(list: Message[] | undefined, message: Message): Message[] | undefined {
  if (!list || list.some((existing) => existing.id === message.id)) return list;
  return [...list, message];
}

/** What the composer sends: the text, and the photos chosen with it (none for most messages). */
export interface MessageDraft {
  content: string;
  photos: readonly File[];
}

/** Sends a message with photos (message-photo-send.ts), handed in by the screen that offers photos. */
export type PhotoMessageSender = (input: MessageInput, photos: readonly File[]) => Promise<SendMessageResult>;

/**
 * A sent message is appended to the thread (signed-in spec, section 4). `withPhotos` sends a
 * message that has photos: the conversation screen loads it with itself, so it is there offline
 * (a module fetched only at the moment of sending would fail without a connection), and the other
 * users of this file (keeping a job offline) do not carry it.
 */
export function useSendMessage(thread: ThreadRef, withPhotos?: PhotoMessageSender) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ content, photos }: MessageDraft) => {
      const input: MessageInput = {
        request: thread.requestId,
        content,
        ...(thread.vendorId ? { vendor: thread.vendorId } : {}),
      };
      if (photos.length === 0) return sendMessage(input);
      if (!withPhotos) throw new Error('Photos cannot be sent from here.');
      return withPhotos(input, photos);
    },
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
 * fetched again (the screen then marks them read: useMarkThreadRead); the conversation list is
 * refreshed for any thread.
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
