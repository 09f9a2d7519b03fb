import { Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/** Who may see a request (signed-in spec, sections 2 and 6), listed when the refusal is about permission. */
const WHO_MAY_SEE = [
  'Administrative staff',
  'The property manager who created the request',
  'Vendors invited to bid on it',
  'Vendors whose service category matches the request type',
];

export function RequestAccessDenied({ message, backTo }: { message: string; backTo: string }) {
  return (
    <Card withBorder radius="md" padding="lg" maw={640} role="alert">
      <Stack gap="sm">
        <Title order={1} fz="h3" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <IconLock size={22} aria-hidden /> Access Denied
        </Title>
        <Text>{message}</Text>
        {/permission/i.test(message) ? (
          <>
            <Text size="sm" fw={600}>
              A maintenance request can be seen by:
            </Text>
            <List size="sm">
              {WHO_MAY_SEE.map((who) => (
                <List.Item key={who}>{who}</List.Item>
              ))}
            </List>
          </>
        ) : null}
        <Button component={Link} to={backTo} variant="default" w="fit-content">
          Back
        </Button>
      </Stack>
    </Card>
  );
}

export function RequestNotFound({ backTo }: { backTo: string }) {
  return (
    <Card withBorder radius="md" padding="lg" maw={640}>
      <Stack gap="sm">
        <Title order={1} fz="h3">
          Request Not Found
        </Title>
        <Text c="dimmed">This maintenance request does not exist or was removed.</Text>
        <Button component={Link} to={backTo} variant="default" w="fit-content">
          Back
        </Button>
      </Stack>
    </Card>
  );
}
