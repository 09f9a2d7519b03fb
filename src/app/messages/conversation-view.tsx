import { Anchor, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { isApiError } from '#app/lib/api-error.ts';
import { LastRefreshed } from '#app/offline/last-refreshed.tsx';
import { showToast } from '#app/ui/toast.ts';
import { requestLabel } from '#shared/display-names.ts';
import {
  messageKeys,
  type ThreadRef,
  useLiveMessages,
  useMarkThreadRead,
  useRequestSummary,
  useSendMessage,
  useThread,
} from './api.ts';
import { MessageBubble } from './message-bubble.tsx';
import { MessageComposer } from './message-composer.tsx';
import { sendMessageWithPhotos } from './message-photo-send.ts';
import type { OpenedPhoto } from './message-photos.tsx';
import classes from './messages.module.css';
import { PendingMessageBubble, usePendingMessages } from './pending-message-bubble.tsx';
import { useErrorToast } from './use-error-toast.ts';

// The full-size view loads the first time a photo is opened.
const ImageOverlay = lazy(() =>
  import('#app/ui/image-overlay.tsx').then((m) => ({ default: m.ImageOverlay })),
);

// Signed-in spec, sections 2 and 8.
const NOT_AVAILABLE = "Request not found or you don't have permission to view it.";
const LOAD_REQUEST_FAILED = 'Failed to load request details. Please try again.';
const LOAD_MESSAGES_FAILED = 'Failed to load messages. Please try again.';
const SEND_FAILED = 'Failed to send message. Please try again.';

/**
 * One conversation (signed-in spec, section 2): the request's type, property and creator, the
 * thread, and the input. The vendor's route shows its own thread; the manager's messages screen
 * shows the thread of the vendor it picked (`thread.vendorId`).
 */
export function ConversationView({
  thread,
  back,
  vendorName,
}: {
  thread: ThreadRef;
  /** `hiddenFrom`: where the list stands beside the thread, no back link is needed. */
  back: { to: string; label: string; hiddenFrom?: 'md' };
  vendorName?: string;
}) {
  const request = useRequestSummary(thread.requestId);
  const messages = useThread(thread);
  const send = useSendMessage(thread, sendMessageWithPhotos);
  const pending = usePendingMessages(thread);
  useLiveMessages(thread);
  const [opened, setOpened] = useState<OpenedPhoto | null>(null);
  // On screen: the thread renders once the request's summary is there, from an answer not being fetched again.
  useMarkThreadRead(thread, messages.data, request.isSuccess && messages.isSuccess && !messages.isFetching);
  useErrorToast(request.isError, LOAD_REQUEST_FAILED);
  useErrorToast(messages.isError && !request.isError, LOAD_MESSAGES_FAILED);

  const end = useRef<HTMLDivElement>(null);
  const count = (messages.data?.length ?? 0) + pending.length;
  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView({ block: 'end' });
  }, [count]);

  const backLink = (
    <Anchor component={Link} to={back.to} size="sm" hiddenFrom={back.hiddenFrom}>
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {back.label}
      </Group>
    </Anchor>
  );

  if (request.isPending)
    return (
      <Center mih={240}>
        <Loader aria-label="Loading conversation" />
      </Center>
    );
  if (request.isError) {
    return (
      <Card withBorder role="alert">
        <Stack gap="sm">
          <Text>{NOT_AVAILABLE}</Text>
          {backLink}
        </Stack>
      </Card>
    );
  }

  const creator = `${request.data.user.first_name} ${request.data.user.last_name}`.trim();
  return (
    <Stack gap="sm">
      {backLink}
      <div>
        <Title order={2} fz="h3">
          {request.data.type} {requestLabel(request.data.id)}
        </Title>
        <Text size="sm" c="dimmed">
          {[vendorName, request.data.project?.name, creator ? `Created by ${creator}` : null]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <LastRefreshed queryKey={messageKeys.thread(thread)} />
      </div>
      <div className={classes.thread} aria-live="polite" aria-label="Messages" role="log">
        {messages.isPending ? (
          <Center flex={1}>
            <Loader size="sm" aria-label="Loading messages" />
          </Center>
        ) : messages.isError ? (
          <Text c="red" size="sm">
            {LOAD_MESSAGES_FAILED}
          </Text>
        ) : messages.data.length === 0 && pending.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" my="auto">
            No messages yet.
          </Text>
        ) : (
          messages.data.map((message) => (
            <MessageBubble key={message.id} message={message} onOpenPhoto={setOpened} />
          ))
        )}
        {pending.map((item) => (
          <PendingMessageBubble key={item.key} item={item} left={thread.vendorId !== undefined} />
        ))}
        <div ref={end} />
      </div>
      <MessageComposer
        sending={send.isPending}
        onSend={(draft, clear) =>
          send.mutate(draft, {
            onSuccess: clear,
            onError: (error) =>
              showToast({
                title: 'Error',
                message: (isApiError(error) && !error.isNetworkError && error.serverMessage) || SEND_FAILED,
                color: 'red',
              }),
          })
        }
      />
      {opened ? (
        <Suspense fallback={null}>
          <ImageOverlay src={opened.src} alt={opened.alt} onClose={() => setOpened(null)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
