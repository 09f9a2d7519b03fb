import { ActionIcon, Badge, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconTrash, IconX } from '@tabler/icons-react';
import type { LayoutPolygonView } from '#shared/documentation.ts';
import { formatArea, measurePolygon } from '#shared/polygon-geometry.ts';
import type { DrawingState } from '#viewer/drawing-state.ts';
import { type PolygonSelection, sameSelection } from '#viewer/polygon-selection.ts';

function Row({
  title,
  detail,
  badge,
  selected,
  onSelect,
  action,
}: {
  title: string;
  detail: string;
  badge?: string;
  selected: boolean;
  onSelect: () => void;
  action?: React.ReactNode;
}) {
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      p={6}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: selected ? 'var(--mantine-color-blue-0)' : undefined,
      }}
    >
      <UnstyledButton onClick={onSelect} style={{ flex: 1, minWidth: 0 }} aria-pressed={selected}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} truncate>
            {title}
          </Text>
          {badge && (
            <Badge size="xs" variant="light" color="yellow">
              {badge}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      </UnstyledButton>
      {action}
    </Group>
  );
}

/** The polygons on this layout: the one being drawn, drafts set aside, and the kept ones. */
export function PolygonList({
  saved,
  drawing,
  feetPerPixel,
  selection,
  canEdit,
  deletingId,
  onSelect,
  onRemoveDraft,
  onDelete,
}: {
  saved: LayoutPolygonView[];
  drawing: DrawingState;
  feetPerPixel: number | null;
  selection: PolygonSelection;
  canEdit: boolean;
  deletingId: number | null;
  onSelect: (selection: PolygonSelection) => void;
  onRemoveDraft: (key: number) => void;
  onDelete: (polygon: LayoutPolygonView) => void;
}) {
  const area = (points: LayoutPolygonView['points']) =>
    formatArea(measurePolygon(points, feetPerPixel, true));
  const empty = saved.length === 0 && drawing.drafts.length === 0 && drawing.current.length === 0;

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="polygon-list-title">
      <Stack gap={4}>
        <Title order={2} fz="h5" id="polygon-list-title">
          Polygons
        </Title>
        {empty && (
          <Text size="sm" c="dimmed">
            No polygons on this layout yet.
          </Text>
        )}
        {drawing.current.length > 0 && (
          <Row
            title="Current polygon"
            detail={
              drawing.closed
                ? area(drawing.current)
                : `${drawing.current.length} point${drawing.current.length === 1 ? '' : 's'}, open`
            }
            selected={sameSelection(selection, { kind: 'current' })}
            onSelect={() => onSelect({ kind: 'current' })}
          />
        )}
        {drawing.drafts.map((draft, index) => (
          <Row
            key={draft.key}
            title={`Measured polygon ${index + 1}`}
            detail={area(draft.points)}
            badge="Not kept"
            selected={sameSelection(selection, { kind: 'draft', key: draft.key })}
            onSelect={() => onSelect({ kind: 'draft', key: draft.key })}
            action={
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove measured polygon ${index + 1}`}
                onClick={() => onRemoveDraft(draft.key)}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            }
          />
        ))}
        {saved.map((polygon) => (
          <Row
            key={polygon.id}
            title={polygon.name || `Polygon #${polygon.id}`}
            detail={`${area(polygon.points)}${polygon.created_by ? ` · by ${polygon.created_by}` : ''}`}
            selected={sameSelection(selection, { kind: 'saved', id: polygon.id })}
            onSelect={() => onSelect({ kind: 'saved', id: polygon.id })}
            action={
              canEdit && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${polygon.name || `polygon #${polygon.id}`}`}
                  loading={deletingId === polygon.id}
                  onClick={() => onDelete(polygon)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              )
            }
          />
        ))}
      </Stack>
    </Paper>
  );
}
