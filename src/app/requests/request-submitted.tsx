import { Badge, Group, Loader, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '#shared/date-display.ts';
import { requestNumber } from '#shared/display-names.ts';
import type { CreatedRequest } from '#shared/request-schemas.ts';
import { REQUEST_STATUS_LABELS } from '#shared/statuses.ts';
import { PriorityBadge } from './priority-badge.tsx';

/** The success state of the manager's request form (signed-in spec, section 2). */
export function RequestSubmitted({ request, actions }: { request: CreatedRequest; actions: ReactNode }) {
  const rows: Array<[string, ReactNode]> = [
    ['Type', request.type],
    ['Property', request.property ?? 'N/A'],
    ['Unit', request.unit ?? 'N/A'],
    ['Priority', <PriorityBadge key="priority" priority={request.priority} />],
    ['Status', REQUEST_STATUS_LABELS[request.status]],
    ['Date', request.date],
    ['Description', request.description],
  ];
  if (request.vendors.length > 0)
    rows.push(['Invited vendors', request.vendors.map((v) => v.name).join(', ')]);
  if (request.bid_deadline) rows.push(['Bidding deadline', formatDateTime(request.bid_deadline)]);
  if (request.photos.length > 0) rows.push(['Photos', `${request.photos.length} attached`]);

  return (
    <Stack gap="md" role="status" aria-live="polite">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color="green" variant="light" size="xl" radius="xl">
          <IconCircleCheck aria-hidden />
        </ThemeIcon>
        <Title order={2} fz="h3">
          Request Submitted Successfully!
        </Title>
      </Group>
      <Text>
        Confirmation{' '}
        <Badge component="span" size="lg" variant="light" tt="none" data-testid="confirmation-number">
          {requestNumber(request.id)}
        </Badge>
      </Text>
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={{ base: 110, sm: 160 }}>{label}</Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end">{actions}</Group>
    </Stack>
  );
}

/** The submitting state of the manager's request form (signed-in spec, section 2). */
export function SubmittingRequest() {
  return (
    <Stack align="center" py="xl" role="status" aria-live="polite">
      <Loader />
      <Text>Submitting request...</Text>
    </Stack>
  );
}
