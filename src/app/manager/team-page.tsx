import { Anchor, Stack, Text } from '@mantine/core';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { type Column, ResponsiveTable } from '#app/ui/responsive-table.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import { formatDateTime } from '#shared/date-display.ts';
import type { TeamMember } from '#shared/manager-responses.ts';
import { useTeam } from './api.ts';

const COLUMNS: Column<TeamMember>[] = [
  {
    label: 'Name',
    cell: (member) => (
      <Text fw={600} inherit>
        {member.name}
      </Text>
    ),
  },
  {
    label: 'Email',
    cell: (member) => (
      <Anchor href={`mailto:${member.email}`} size="sm">
        {member.email}
      </Anchor>
    ),
  },
  { label: 'Job title', cell: (member) => member.job_title || '—' },
  {
    label: 'Last login',
    cell: (member) => (member.last_login ? formatDateTime(member.last_login) : 'Never'),
  },
];

/** /property-manager/team (a placeholder in the prototype): the users of the manager's company. */
export function TeamPage() {
  const team = useTeam();
  return (
    <Stack gap="md">
      <ScreenTitle>Property Team</ScreenTitle>
      {team.isPending ? (
        <CenteredLoader label="Loading the team" />
      ) : team.isError ? (
        <ErrorAlert>The team could not be loaded: {team.error.message}</ErrorAlert>
      ) : team.data.length === 0 ? (
        <Text c="dimmed">No team members yet.</Text>
      ) : (
        <ResponsiveTable columns={COLUMNS} rows={team.data} rowKey={(member) => member.id} />
      )}
    </Stack>
  );
}
