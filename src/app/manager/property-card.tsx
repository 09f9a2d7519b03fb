import {
  Anchor,
  AspectRatio,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Image,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { documentationLinks } from '#app/asbuilds/documentation-links.ts';
import { propertyHistoryPath } from '#app/route-paths.ts';
import type { ClientProject } from '#shared/project-responses.ts';

/** One property of the Client properties page (signed-in spec, section 2). */
export function PropertyCard({
  project,
  selected,
  onSelect,
  onOpenImage,
}: {
  project: ClientProject;
  selected: boolean;
  onSelect: () => void;
  onOpenImage: () => void;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      onClick={onSelect}
      style={{ cursor: 'pointer', borderColor: selected ? 'var(--mantine-color-fieldbid-6)' : undefined }}
      data-selected={selected || undefined}
    >
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          {project.thumbnail ? (
            <UnstyledButton
              onClick={(event) => {
                event.stopPropagation();
                onOpenImage();
              }}
              aria-label={`Show the picture of ${project.name} full screen`}
              style={{ cursor: 'zoom-in' }}
            >
              <Image src={project.thumbnail} alt={project.name} fit="cover" h="100%" />
            </UnstyledButton>
          ) : (
            <Center bg="gray.1">
              <Text c="dimmed" size="sm">
                No thumbnail provided
              </Text>
            </Center>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text fw={700} lh={1.3}>
            {project.name}
          </Text>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {project.is_active ? (
              <Badge color="blue" variant="light">
                In Progress
              </Badge>
            ) : (
              <Badge color="gray" variant="filled">
                Inactive
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {project.address || 'No address on file'}
        </Text>
        <Group gap="xs" mt={4}>
          {documentationLinks(project.id).map((link) => (
            <Anchor
              key={link.label}
              component={Link}
              to={link.to}
              size="sm"
              onClick={(event) => event.stopPropagation()}
            >
              {link.label}
            </Anchor>
          ))}
          <Anchor
            component={Link}
            to={propertyHistoryPath(project.id)}
            size="sm"
            onClick={(event) => event.stopPropagation()}
          >
            Maintenance History
          </Anchor>
        </Group>
        <Button
          variant={selected ? 'light' : 'default'}
          size="xs"
          mt={4}
          w="fit-content"
          leftSection={selected ? <IconCheck size={14} aria-hidden /> : null}
          aria-pressed={selected}
          onClick={(event) => {
            event.stopPropagation();
            onSelect();
          }}
        >
          {selected ? 'Selected property' : 'Select property'}
        </Button>
      </Stack>
    </Card>
  );
}
