import { Grid, Paper, Text } from '@mantine/core';
import { useLocation, useSearchParams } from 'react-router-dom';
import { managerPaths, vendorConversationPath } from '#app/route-paths.ts';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import type { Conversation } from '#shared/message-schemas.ts';
import { useConversations, useLiveMessages } from './api.ts';
import { ConversationList } from './conversation-list.tsx';
import { ConversationView } from './conversation-view.tsx';
import { useErrorToast } from './use-error-toast.ts';

const LOAD_FAILED = 'Failed to load conversations. Please try again.';

const managerThreadHref = (conversation: Conversation) =>
  `${managerPaths.messages}?request=${conversation.request_id}&vendor=${conversation.vendor.id}`;
const vendorThreadHref = (conversation: Conversation) => vendorConversationPath(conversation.request_id);

function idParam(value: string | null): number | null {
  return value !== null && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/**
 * The messages list of both areas (signed-in spec, section 2). A vendor's conversations link to
 * /vendor/messages/{request_id}; a property manager has one thread per (request, vendor) and reads
 * the chosen one beside the list (?request=&vendor=).
 */
export function MessagesPage() {
  const manager = useLocation().pathname.startsWith('/property-manager');
  const [search] = useSearchParams();
  const conversations = useConversations();
  useLiveMessages();
  useErrorToast(conversations.isError, LOAD_FAILED);

  const requestId = idParam(search.get('request'));
  const vendorId = idParam(search.get('vendor'));
  const selected = manager && requestId !== null && vendorId !== null ? { requestId, vendorId } : null;
  const selectedVendor = conversations.data?.find(
    (c) => c.request_id === selected?.requestId && c.vendor.id === selected?.vendorId,
  )?.vendor.name;

  const list = conversations.isPending ? (
    <CenteredLoader label="Loading conversations" />
  ) : conversations.isError ? (
    <ErrorAlert>{LOAD_FAILED}</ErrorAlert>
  ) : conversations.data.length === 0 ? (
    <Text c="dimmed">No messages yet.</Text>
  ) : (
    <ConversationList
      conversations={conversations.data}
      hrefFor={manager ? managerThreadHref : vendorThreadHref}
      showVendor={manager}
      selected={selected}
    />
  );

  if (!manager) {
    return (
      <div style={{ maxWidth: 760 }}>
        <ScreenTitle>Messages</ScreenTitle>
        {list}
      </div>
    );
  }
  return (
    <>
      <ScreenTitle>Messages</ScreenTitle>
      <Grid gap="lg">
        {/* On a phone the open thread replaces the list; its back link returns to it. */}
        <Grid.Col span={{ base: 12, md: 5 }} display={{ base: selected ? 'none' : 'block', md: 'block' }}>
          {list}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {selected ? (
            <ConversationView
              key={`${selected.requestId}-${selected.vendorId}`}
              thread={selected}
              vendorName={selectedVendor}
              back={{ to: managerPaths.messages, label: 'Back to messages', hiddenFrom: 'md' }}
            />
          ) : (
            <Paper withBorder p="lg" visibleFrom="md">
              <Text c="dimmed">Choose a conversation to read it.</Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}
