import { Anchor, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { Column } from '#app/ui/columns-table.tsx';
import { RelativeTime } from '#app/ui/relative-time.tsx';
import { TableOrCards } from '#app/ui/table-or-cards.tsx';
import {
  ADMIN_USER_ROLE_LABELS,
  ADMIN_USER_ROLES,
  type AdminUser,
  type AdminUserRole,
} from '#shared/admin-users.ts';
import { formatDate } from '#shared/date-display.ts';
import { LIST_SEARCH_MAX } from '#shared/list-fields.ts';
import { AdminFilterSelect } from './admin-filter-select.tsx';
import { AdminPagedRows } from './admin-paged-rows.tsx';
import { AdminSectionHeader } from './admin-section-header.tsx';
import { AccountBadge, roleLabel, UserDrawer } from './user-drawer.tsx';
import { type UserListFilters, useAdminUsers } from './users-api.ts';

const ROLE_OPTIONS = ADMIN_USER_ROLES.map((value) => ({ value, label: ADMIN_USER_ROLE_LABELS[value] }));
const STATE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Deactivated' },
];

const confirmed = (user: AdminUser) => (user.email_confirmed ? 'Confirmed' : 'Not confirmed');
const lastLogin = (user: AdminUser) => (user.last_login ? <RelativeTime value={user.last_login} /> : 'Never');

function NameButton({ user, onOpen }: { user: AdminUser; onOpen: (id: number) => void }) {
  return (
    <Anchor component="button" type="button" onClick={() => onOpen(user.id)} ta="left" fw={600}>
      {user.name}
    </Anchor>
  );
}

const nowrap = () => ({ style: { whiteSpace: 'nowrap' as const } });

/** The name opens the drawer; the address sits under it, so the table fits beside the menu at 1280. */
function columns(onOpen: (id: number) => void): Column<AdminUser>[] {
  return [
    {
      label: 'Name and email',
      cell: (user) => (
        <>
          <NameButton user={user} onOpen={onOpen} />
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
        </>
      ),
    },
    { label: 'Role', cell: roleLabel, cellProps: nowrap },
    { label: 'Company', cell: (user) => user.company ?? '—' },
    { label: 'Account', cell: (user) => <AccountBadge active={user.is_active} /> },
    { label: 'Email', cell: confirmed, cellProps: nowrap },
    { label: 'Joined', cell: (user) => formatDate(user.date_joined), cellProps: nowrap },
    { label: 'Last login', cell: lastLogin, cellProps: nowrap },
  ];
}

/** Phones: the name and state on top, then who they are and when they last came. */
function UserCard({ user, onOpen }: { user: AdminUser; onOpen: (id: number) => void }) {
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <NameButton user={user} onOpen={onOpen} />
        <AccountBadge active={user.is_active} />
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Text>
      <Text size="sm" mt={4}>
        {roleLabel(user)}
        {user.company ? ` · ${user.company}` : ''}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        Joined {formatDate(user.date_joined)} · last login{' '}
        {user.last_login ? <RelativeTime value={user.last_login} /> : 'never'} · email{' '}
        {confirmed(user).toLowerCase()}
      </Text>
    </>
  );
}

function UsersList() {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [role, setRole] = useState<AdminUserRole | null>(null);
  const [active, setActive] = useState<'true' | 'false' | null>(null);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const filters: UserListFilters = { search: debouncedSearch, role, active, page };
  const list = useAdminUsers(filters);
  const rows = list.data?.results ?? [];
  // A new filter starts again from the first page.
  const filterBy =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPage(1);
    };
  const filtered = debouncedSearch !== '' || role !== null || active !== null;

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Search"
          placeholder="Name, email or company"
          type="search"
          value={search}
          maxLength={LIST_SEARCH_MAX}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          leftSection={<IconSearch size={16} aria-hidden />}
          w={{ base: '100%', sm: 280 }}
        />
        <AdminFilterSelect
          label="Role"
          placeholder="All roles"
          data={ROLE_OPTIONS}
          value={role}
          onChange={filterBy(setRole)}
          width={200}
        />
        <AdminFilterSelect
          label="Account"
          placeholder="Active and deactivated"
          data={STATE_OPTIONS}
          value={active}
          onChange={filterBy(setActive)}
          width={220}
        />
      </Group>
      <Text c="dimmed" size="sm" aria-live="polite">
        {list.data ? `${list.data.count} ${list.data.count === 1 ? 'user' : 'users'}` : ''}
      </Text>

      <AdminPagedRows
        list={list}
        label="users"
        emptyText={filtered ? 'No users match.' : 'No users yet.'}
        page={page}
        onPage={setPage}
      >
        <TableOrCards
          breakpoint="md"
          columns={columns(setOpen)}
          rows={rows}
          rowKey={(user) => user.id}
          minWidth={880}
          cardLabel={(user) => user.name}
          card={(user) => <UserCard user={user} onOpen={setOpen} />}
        />
      </AdminPagedRows>

      <UserDrawer id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

/**
 * /admin/users: every account (staff, property managers, vendors). Staff deactivate and reactivate
 * accounts and mail a password reset link; on a staff account only a superuser does.
 */
export function UsersSection() {
  return (
    <Stack gap="md">
      <AdminSectionHeader title="Users">
        Find any account. Deactivating signs the user out everywhere and stops them signing in. Staff accounts
        are changed by superusers only.
      </AdminSectionHeader>
      <UsersList />
    </Stack>
  );
}
