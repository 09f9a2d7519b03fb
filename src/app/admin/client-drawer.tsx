import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { asbuildsPath } from '#app/route-paths.ts';
import type { AdminProject } from '#shared/admin-clients.ts';
import { AdminDetailDrawer } from './admin-detail-drawer.tsx';
import { useAdminClient } from './clients-api.ts';
import { PropertyDialog } from './property-dialog.tsx';
import { PropertyThumbnail } from './property-thumbnail.tsx';
import { UnitsPanel } from './units-panel.tsx';

function PropertyCard({
  project,
  onEdit,
  unitsOpen,
  onToggleUnits,
}: {
  project: AdminProject;
  onEdit: (project: AdminProject) => void;
  unitsOpen: boolean;
  onToggleUnits: (id: number) => void;
}) {
  return (
    <Paper withBorder radius="md" p="md" aria-label={project.name} component="section">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>{project.name}</Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {project.address}
          </Text>
        </div>
        <Badge color={project.is_active ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
          {project.is_active ? 'Active' : 'Inactive'}
        </Badge>
      </Group>
      <PropertyThumbnail project={project} />
      <Group justify="space-between" mt="sm">
        <Text size="sm">
          {project.unit_count} {project.unit_count === 1 ? 'unit' : 'units'}
        </Text>
        <Group gap="xs">
          {/* Staff add floor plans and photos in the same viewer the client's managers use. */}
          <Button
            size="xs"
            variant="default"
            component="a"
            href={asbuildsPath(project.id)}
            aria-label={`Documentation of ${project.name}`}
          >
            Documentation
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => onEdit(project)}
            aria-label={`Edit ${project.name}`}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="light"
            onClick={() => onToggleUnits(project.id)}
            aria-expanded={unitsOpen}
            aria-label={`Units of ${project.name}`}
          >
            {unitsOpen ? 'Hide units' : 'Units'}
          </Button>
        </Group>
      </Group>
      {unitsOpen ? (
        <Stack mt="md">
          <UnitsPanel project={project} />
        </Stack>
      ) : null}
    </Paper>
  );
}

/** One client: its properties with their units, and Create / Edit property. */
export function ClientDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const client = useAdminClient(id);
  const [editing, setEditing] = useState<AdminProject | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [unitsOf, setUnitsOf] = useState<number | null>(null);

  const openDialog = (project: AdminProject | null) => {
    setEditing(project);
    setDialogOpen(true);
  };

  return (
    <AdminDetailDrawer id={id} query={client} label="client" title={(data) => data.name} onClose={onClose}>
      {(data) => (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {[data.address, `${data.manager_count} ${data.manager_count === 1 ? 'manager' : 'managers'}`]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Group justify="space-between">
            <Text component="h3" fw={700}>
              Properties
            </Text>
            <Button
              size="sm"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => openDialog(null)}
            >
              Create property
            </Button>
          </Group>
          {data.projects.length === 0 ? (
            <Text c="dimmed">
              No properties yet. Create the first one so the client's managers can post requests.
            </Text>
          ) : (
            data.projects.map((project) => (
              <PropertyCard
                key={project.id}
                project={project}
                onEdit={openDialog}
                unitsOpen={unitsOf === project.id}
                onToggleUnits={(projectId) => setUnitsOf((open) => (open === projectId ? null : projectId))}
              />
            ))
          )}
          <PropertyDialog
            clientId={data.id}
            opened={dialogOpen}
            project={editing}
            onClose={() => setDialogOpen(false)}
          />
        </Stack>
      )}
    </AdminDetailDrawer>
  );
}
