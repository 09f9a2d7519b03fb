import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Conversation } from '#shared/message-schemas.ts';
import { conversationTimestamp } from './message-time.ts';
import classes from './messages.module.css';

/**
 * The conversations (signed-in spec, section 2): title, unread badge, property and manager, last
 * message and time; each a link (`hrefFor`). The manager's list also names each thread's vendor.
 */
export function ConversationList({
  conversations,
  hrefFor,
  showVendor = false,
  selected,
}: {
  conversations: Conversation[];
  hrefFor: (conversation: Conversation) => string;
  showVendor?: boolean;
  /** The open thread, highlighted in the manager's list. */
  selected?: { requestId: number; vendorId: number } | null;
}) {
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {conversations.map((conversation) => {
        const current =
          selected?.requestId === conversation.request_id && selected.vendorId === conversation.vendor.id;
        return (
          <li key={`${conversation.request_id}-${conversation.vendor.id}`}>
            <UnstyledButton
              component={Link}
              to={hrefFor(conversation)}
              className={classes.conversation}
              data-current={current || undefined}
              aria-current={current ? 'true' : undefined}
            >
              <Paper withBorder p="sm" radius="md" bg="transparent">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Group gap="xs" wrap="nowrap" miw={0}>
                    <Text fw={700} truncate>
                      {conversation.title}
                    </Text>
                    {conversation.unread_count > 0 ? (
                      <Badge
                        color="red"
                        size="sm"
                        circle={conversation.unread_count < 10}
                        aria-label={`${conversation.unread_count} unread`}
                      >
                        {conversation.unread_count}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={conversation.timestamp}>
                      {conversationTimestamp(conversation.timestamp)}
                    </time>
                  </Text>
                </Group>
                <Text size="sm" c="dimmed" truncate>
                  {[
                    showVendor ? conversation.vendor.name : null,
                    conversation.participants.property || null,
                    conversation.participants.manager,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                <Text size="sm" lineClamp={1} fw={conversation.unread_count > 0 ? 600 : 400}>
                  {conversation.last_message}
                </Text>
              </Paper>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}
