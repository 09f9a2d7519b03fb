import { Group, Paper, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconBuildingEstate, IconDoor, IconTool, IconUsersGroup } from '@tabler/icons-react';
import { formatCount } from '#shared/formatters.ts';
import type { ManagerDashboard } from '#shared/manager-responses.ts';

const CARDS: Array<{ label: string; key: keyof ManagerDashboard['stats']; icon: Icon }> = [
  { label: 'Properties', key: 'properties', icon: IconBuildingEstate },
  { label: 'Open Requests', key: 'open_requests', icon: IconTool },
  { label: 'Total Units', key: 'total_units', icon: IconDoor },
  { label: 'Team Members', key: 'team_members', icon: IconUsersGroup },
];

/** The four stat cards, counted from data (the prototype showed fixed sample numbers). */
export function DashboardStatCards({ stats }: { stats: ManagerDashboard['stats'] | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      {CARDS.map((card) => (
        <Paper key={card.key} withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text size="sm" c="dimmed" fw={500}>
                {card.label}
              </Text>
              {stats ? (
                <Text fz={28} fw={700} lh={1.2}>
                  {formatCount(stats[card.key])}
                </Text>
              ) : (
                <Skeleton h={30} w={48} mt={4} />
              )}
            </div>
            <ThemeIcon variant="light" size="lg" radius="md" visibleFrom="xs">
              <card.icon size={20} aria-hidden />
            </ThemeIcon>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
