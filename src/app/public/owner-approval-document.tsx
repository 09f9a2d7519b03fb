import { Anchor, Badge, Box, Card, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { TableOrCards } from '#app/ui/table-or-cards.tsx';
import { formatUsd } from '#shared/formatters.ts';
import type { OwnerApprovalPage } from '#shared/owner-approval-schemas.ts';
import { spotPosition } from './owner-approval-display.ts';

type Line = OwnerApprovalPage['chosen']['lines'][number];

const quantityText = (line: Line) =>
  `${line.quantity.toLocaleString('en-US')}${line.unit ? ` ${line.unit}` : ''}`;

/** The plan with the marked spot, and the nearest in-wall photo beside it when there is one. */
function SpotOnPlan({ spot }: { spot: NonNullable<OwnerApprovalPage['request']['spot']> }) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  const position = spotPosition(spot, size);
  return (
    <SimpleGrid cols={{ base: 1, sm: spot.nearest_photo_url ? 2 : 1 }} spacing="md">
      <Box pos="relative">
        <Image
          src={spot.plan_url}
          alt="Floor plan with the spot of the problem marked"
          radius="sm"
          onLoad={(event) =>
            setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
          }
        />
        {position ? (
          <Box
            aria-hidden
            pos="absolute"
            style={{
              ...position,
              width: 22,
              height: 22,
              marginLeft: -11,
              marginTop: -11,
              borderRadius: '50%',
              border: '3px solid white',
              background: 'var(--mantine-color-red-7)',
              boxShadow: '0 0 0 2px var(--mantine-color-red-7)',
            }}
          />
        ) : null}
      </Box>
      {spot.nearest_photo_url ? (
        <Stack gap={4}>
          <Image
            src={spot.nearest_photo_url}
            alt="The nearest photo inside the wall"
            radius="sm"
            mah={320}
            fit="contain"
          />
          <Text size="xs" c="dimmed">
            Inside the wall, nearest the spot (taken during construction).
          </Text>
        </Stack>
      ) : null}
    </SimpleGrid>
  );
}

/** The chosen bid's lines: a table from `sm` up, a card a line on a phone. */
function LinesTable({ lines }: { lines: Line[] }) {
  return (
    <TableOrCards
      breakpoint="sm"
      minWidth={520}
      rows={lines}
      rowKey={(line) => `${line.description}-${line.total}-${line.quantity}`}
      striped={false}
      cardLabel={(line) => line.description}
      columns={[
        { label: 'Item', cell: (line) => line.description },
        { label: 'Quantity', cell: quantityText },
        { label: 'Unit price', align: 'right', cell: (line) => formatUsd(line.unit_price) },
        { label: 'Total', align: 'right', cell: (line) => formatUsd(line.total) },
      ]}
      card={(line) => (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {line.description}
          </Text>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {quantityText(line)} × {formatUsd(line.unit_price)}
            </Text>
            <Text size="sm" fw={600}>
              {formatUsd(line.total)}
            </Text>
          </Group>
        </Stack>
      )}
    />
  );
}

/**
 * What the owner is asked to approve, in reading order: the property and the problem, the chosen
 * bid with its lines, the other bids beside it, the limit and the manager's recommendation.
 */
export function OwnerApprovalDocument({ page }: { page: OwnerApprovalPage }) {
  const { request, chosen } = page;
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="owner-work-title">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="owner-work-title">
            The work
          </Title>
          <Text size="sm" c="dimmed">
            Request {request.number} · {request.service_type}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {request.description}
          </Text>
          {request.photos.length > 0 ? (
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
              {request.photos.map((photo, index) => (
                <Anchor key={photo.url} href={photo.url} target="_blank" rel="noreferrer">
                  <Image
                    src={photo.url}
                    alt={`Photo ${index + 1} of the problem`}
                    radius="sm"
                    h={120}
                    fit="cover"
                  />
                </Anchor>
              ))}
            </SimpleGrid>
          ) : null}
          {request.spot ? <SpotOnPlan spot={request.spot} /> : null}
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="owner-chosen-title">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" gap="xs">
            <div>
              <Title order={2} fz="h4" id="owner-chosen-title">
                The chosen bid
              </Title>
              <Text size="sm">
                {chosen.vendor_name}
                {chosen.label ? ` · ${chosen.label}` : ''}
              </Text>
            </div>
            <Stack gap={0} align="flex-end">
              <Text fz="h3" fw={700} data-testid="owner-chosen-amount">
                {formatUsd(chosen.amount)}
              </Text>
              {page.nte_limit !== null ? (
                <Text size="xs" c="dimmed">
                  Limit without your approval: {formatUsd(page.nte_limit)}
                </Text>
              ) : null}
            </Stack>
          </Group>
          {chosen.lines.length > 0 ? <LinesTable lines={chosen.lines} /> : null}
          {chosen.notes ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              <Text span fw={600} inherit>
                Vendor’s notes:{' '}
              </Text>
              {chosen.notes}
            </Text>
          ) : null}
        </Stack>
      </Card>

      {page.others.length > 0 ? (
        <Stack gap="xs" component="section" aria-labelledby="owner-others-title">
          <Title order={2} fz="h4" id="owner-others-title">
            The other bids
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(page.others.length + 1, 4) }} spacing="sm">
            <Paper withBorder radius="md" p="sm" bg="green.0">
              <Text size="sm" fw={600}>
                {chosen.vendor_name}
              </Text>
              {chosen.label ? (
                <Text size="xs" c="dimmed">
                  {chosen.label}
                </Text>
              ) : null}
              <Group justify="space-between" mt={4}>
                <Text fw={700}>{formatUsd(chosen.amount)}</Text>
                <Badge color="green" variant="light">
                  Chosen
                </Badge>
              </Group>
            </Paper>
            {page.others.map((other) => (
              <Paper
                key={`${other.vendor_name}-${other.label}-${other.amount}`}
                withBorder
                radius="md"
                p="sm"
              >
                <Text size="sm" fw={600}>
                  {other.vendor_name}
                </Text>
                {other.label ? (
                  <Text size="xs" c="dimmed">
                    {other.label}
                  </Text>
                ) : null}
                <Text fw={700} mt={4}>
                  {formatUsd(other.amount)}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}

      {page.recommendation_note ? (
        <Paper radius="md" p="md" bg="blue.0" component="section" aria-labelledby="owner-note-title">
          <Title order={2} fz="h5" id="owner-note-title" mb={4}>
            {page.manager_name ? `${page.manager_name}’s recommendation` : 'The manager’s recommendation'}
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {page.recommendation_note}
          </Text>
        </Paper>
      ) : null}
    </Stack>
  );
}
