import { Anchor, Badge, Box, Group, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { AdminClient } from '#shared/admin-clients.ts';
import { AdminSectionState } from './admin-section-state.tsx';
import { ClientDrawer } from './client-drawer.tsx';
import { useAdminClients } from './clients-api.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function ClientButton({ client, onOpen }: { client: AdminClient; onOpen: (id: number) => void }) {
  return (
    <Anchor component="button" type="button" onClick={() => onOpen(client.id)} ta="left" fw={600}>
      {client.name}
    </Anchor>
  );
}

function ClientActive({ client }: { client: AdminClient }) {
  return client.is_active ? null : (
    <Badge color="gray" variant="light">
      Inactive
    </Badge>
  );
}

/**
 * /admin/clients: the property-management companies. A company that applied starts with no
 * property; staff add its properties and units here.
 */
export function ClientsSection() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const clients = useAdminClients(page);
  const rows = clients.data?.results ?? [];

  return (
    <Stack gap="md">
      <div>
        <Text component="h2" fz="h3" fw={700}>
          Clients &amp; properties
        </Text>
        <Text c="dimmed" size="sm">
          Open a client to add or edit its properties and their units.
          {clients.data ? ` ${plural(clients.data.count, 'client', 'clients')} in all.` : ''}
        </Text>
      </div>

      <AdminSectionState
        loading={clients.isPending}
        error={clients.isError}
        empty={rows.length === 0}
        emptyText="No clients yet. A client is created when a property manager applies."
        onRetry={() => clients.refetch()}
        label="clients"
      />

      {rows.length > 0 ? (
        <>
          <Box visibleFrom="md" style={{ opacity: clients.isPlaceholderData ? 0.6 : 1 }}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Client</Table.Th>
                  <Table.Th>Address</Table.Th>
                  <Table.Th>Properties</Table.Th>
                  <Table.Th>Managers</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((client) => (
                  <Table.Tr key={client.id}>
                    <Table.Td>
                      <Group gap="xs">
                        <ClientButton client={client} onOpen={setOpen} />
                        <ClientActive client={client} />
                      </Group>
                    </Table.Td>
                    <Table.Td>{client.address}</Table.Td>
                    <Table.Td>{client.project_count}</Table.Td>
                    <Table.Td>{client.manager_count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          <Stack hiddenFrom="md" gap="sm" style={{ opacity: clients.isPlaceholderData ? 0.6 : 1 }}>
            {rows.map((client) => (
              <Paper key={client.id} withBorder radius="md" p="md">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <ClientButton client={client} onOpen={setOpen} />
                  <ClientActive client={client} />
                </Group>
                {client.address ? (
                  <Text size="sm" c="dimmed">
                    {client.address}
                  </Text>
                ) : null}
                <Text size="sm" mt={4}>
                  {plural(client.project_count, 'property', 'properties')} ·{' '}
                  {plural(client.manager_count, 'manager', 'managers')}
                </Text>
              </Paper>
            ))}
          </Stack>
        </>
      ) : null}

      {clients.data && clients.data.total_pages > 1 ? (
        <Pagination
          total={clients.data.total_pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      ) : null}

      <ClientDrawer id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
