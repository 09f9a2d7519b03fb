import { Alert, Badge, type BadgeProps, Button, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useAuthStatus, userOf } from '#app/auth/api.ts';
import { isApiError } from '#app/lib/api-error.ts';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { showToast } from '#app/ui/toast.ts';
import {
  ADMIN_USER_MESSAGES,
  ADMIN_USER_ROLE_LABELS,
  type AdminUser,
  type AdminUserDetail,
  mayManageAccount,
} from '#shared/admin-users.ts';
import { formatDateTime } from '#shared/date-display.ts';
import { formatPhone } from '#shared/formatters.ts';
import { AdminDetailDrawer } from './admin-detail-drawer.tsx';
import { DetailField, DetailGrid } from './admin-detail-fields.tsx';
import { useAdminUser, useSendPasswordReset, useSetUserActive } from './users-api.ts';

export const roleLabel = (user: Pick<AdminUser, 'role'>) =>
  user.role ? ADMIN_USER_ROLE_LABELS[user.role] : 'No role';

// A table column sized by its content would otherwise cut the label to "ACTI…" (as status-badges.tsx).
const NEVER_TRUNCATE: BadgeProps['styles'] = {
  root: { minWidth: 'max-content', flexShrink: 0, overflow: 'visible' },
  label: { overflow: 'visible', textOverflow: 'clip' },
};

/** Active or Deactivated, in words (colour is not the only signal). */
export function AccountBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'green' : 'red'} variant="light" styles={NEVER_TRUNCATE}>
      {active ? 'Active' : 'Deactivated'}
    </Badge>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const failure = (error: Error, fallback: string) =>
  isApiError(error) && error.serverMessage ? error.serverMessage : fallback;

/**
 * Send a reset link, and deactivate (asks first) or reactivate the account. A staff account is a
 * superuser's to act on: other staff see why instead of buttons the server would refuse.
 */
function UserActions({ user }: { user: AdminUserDetail }) {
  const callerIsSuperuser = userOf(useAuthStatus().data)?.is_superuser ?? false;
  if (!mayManageAccount(callerIsSuperuser, user.role === 'staff')) {
    return (
      <Stack gap="sm">
        <Title order={3} fz="md">
          Actions
        </Title>
        <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />}>
          {ADMIN_USER_MESSAGES.superuserOnly}
        </Alert>
      </Stack>
    );
  }
  return <AccountActions user={user} />;
}

function AccountActions({ user }: { user: AdminUserDetail }) {
  const setActive = useSetUserActive(user.id);
  const sendReset = useSendPasswordReset(user.id);
  const [alert, setAlert] = useState<string | null>(null);
  const busy = setActive.isPending || sendReset.isPending;

  const change = (active: boolean) => {
    setAlert(null);
    setActive.mutate(active, {
      onSuccess: () =>
        showToast({
          color: 'green',
          message: active
            ? `${user.name} was reactivated and can sign in again.`
            : `${user.name} was deactivated and signed out everywhere.`,
        }),
      onError: (error) => setAlert(failure(error, 'The account could not be changed.')),
    });
  };

  const confirmDeactivate = () =>
    modals.openConfirmModal({
      title: `Deactivate ${user.name}?`,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {user.name} is signed out on every device at once
            {user.active_sessions > 0
              ? ` (${plural(user.active_sessions, 'open session', 'open sessions')})`
              : ''}{' '}
            and cannot sign in until the account is reactivated.
          </Text>
          <Text size="sm" c="dimmed">
            Nothing is deleted: requests, bids and messages stay as they are.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Deactivate', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => change(false),
    });

  const reset = () => {
    setAlert(null);
    sendReset.mutate(undefined, {
      onSuccess: (message) => showToast({ color: 'green', message }),
      onError: (error) => setAlert(failure(error, 'The reset link could not be sent.')),
    });
  };

  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        Actions
      </Title>
      {alert ? <ErrorAlert>{alert}</ErrorAlert> : null}
      <Group gap="sm">
        <Button
          variant="default"
          onClick={reset}
          loading={sendReset.isPending}
          disabled={busy || !user.is_active}
        >
          Send password reset link
        </Button>
        {user.is_active ? (
          <Button
            color="red"
            variant="outline"
            onClick={confirmDeactivate}
            loading={setActive.isPending}
            disabled={busy || user.is_self}
          >
            Deactivate
          </Button>
        ) : (
          <Button color="green" onClick={() => change(true)} loading={setActive.isPending} disabled={busy}>
            Reactivate
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {user.is_self
          ? 'This is your own account: only another superuser can deactivate it.'
          : user.is_active
            ? 'The reset link is the one the "Forgot password" page sends; it works once, for 1 hour.'
            : 'Reactivate the account before sending a password reset link.'}
      </Text>
    </Stack>
  );
}

/** One account: who it is, its state, and the three actions staff can take on it. */
export function UserDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const query = useAdminUser(id);
  return (
    <AdminDetailDrawer id={id} query={query} label="user" title={(user) => user.name} onClose={onClose}>
      {(user) => (
        <Stack gap="lg">
          <Group gap="sm">
            <AccountBadge active={user.is_active} />
            <Text size="sm" c="dimmed">
              {roleLabel(user)}
              {user.is_superuser ? ' (superuser)' : ''}
            </Text>
          </Group>
          <DetailGrid>
            <DetailField label="Name">{`${user.first_name} ${user.last_name}`.trim()}</DetailField>
            <DetailField label="Email">{user.email}</DetailField>
            <DetailField label="Role">{roleLabel(user)}</DetailField>
            <DetailField label="Company">{user.company}</DetailField>
            <DetailField label="Job title">{user.job_title}</DetailField>
            <DetailField label="Phone">{user.phone_number ? formatPhone(user.phone_number) : ''}</DetailField>
            <DetailField label="Email address">
              {user.email_confirmed_at
                ? `Confirmed ${formatDateTime(user.email_confirmed_at)}`
                : 'Not confirmed'}
            </DetailField>
            <DetailField label="Password">{user.has_password ? 'Set' : 'Not set yet'}</DetailField>
            <DetailField label="Joined">{formatDateTime(user.date_joined)}</DetailField>
            <DetailField label="Last login">
              {user.last_login ? formatDateTime(user.last_login) : 'Never'}
            </DetailField>
            <DetailField label="Signed in">
              {user.active_sessions > 0
                ? plural(user.active_sessions, 'session', 'sessions')
                : 'Not signed in'}
            </DetailField>
          </DetailGrid>
          <UserActions user={user} />
        </Stack>
      )}
    </AdminDetailDrawer>
  );
}
