import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { AdminClient } from '#shared/admin-clients.ts';
import { AdminPagedRows } from './admin-paged-rows.tsx';
import { AdminSectionHeader } from './admin-section-header.tsx';
import { AdminTableAndCards } from './admin-table-and-cards.tsx';
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
      <AdminSectionHeader title="Clients & properties">
        Open a client to add or edit its properties and their units.
        {clients.data ? ` ${plural(clients.data.count, 'client', 'clients')} in all.` : ''}
      </AdminSectionHeader>

      <AdminPagedRows
        list={clients}
        label="clients"
        emptyText="No clients yet. A client is created when a property manager applies."
        page={page}
        onPage={setPage}
      >
        <AdminTableAndCards
          rows={rows}
          rowKey={(client) => client.id}
          head={['Client', 'Address', 'Properties', 'Managers']}
          cells={(client) => (
            <>
              <Table.Td>
                <Group gap="xs">
                  <ClientButton client={client} onOpen={setOpen} />
                  <ClientActive client={client} />
                </Group>
              </Table.Td>
              <Table.Td>{client.address}</Table.Td>
              <Table.Td>{client.project_count}</Table.Td>
              <Table.Td>{client.manager_count}</Table.Td>
            </>
          )}
          card={(client) => (
            <>
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
            </>
          )}
        />
      </AdminPagedRows>

      <ClientDrawer id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
