import { Button, Menu, Text } from '@mantine/core';
import { IconBuildingEstate, IconCheck, IconChevronDown } from '@tabler/icons-react';
import { projectsErrorMessage } from '#app/properties/api.ts';
import { useSelectedProperty } from '#app/properties/selected-property-context.tsx';
import classes from './property-dropdown.module.css';

/** The button's text (signed-in spec, section 2): the selected name, 'Select a property', or none available. */
export function propertyButtonLabel(state: {
  selectedName: string | null;
  count: number;
  isLoading: boolean;
  failed: boolean;
}): string {
  if (state.selectedName) return state.selectedName;
  if (state.isLoading || state.failed || state.count > 0) return 'Select a property';
  return 'No Projects Available';
}

/**
 * The top bar's property dropdown. From the small breakpoint it shows the selected name; below it, a
 * building icon (the name stays in its accessible label and at the top of the menu) so the bar fits 375px.
 */
export function PropertyDropdown() {
  const { projects, selected, select, isLoading, error } = useSelectedProperty();
  const label = propertyButtonLabel({
    selectedName: selected?.name ?? null,
    count: projects.length,
    isLoading,
    failed: Boolean(error),
  });

  return (
    <Menu position="bottom-start" width={260} shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          px={{ base: 0, sm: 'md' }}
          w={{ base: 36, sm: 'auto' }}
          h={36}
          maw={260}
          style={{ flexShrink: 0 }}
          leftSection={<IconBuildingEstate size={18} stroke={1.6} aria-hidden />}
          rightSection={<IconChevronDown size={16} aria-hidden className={classes.wide} />}
          classNames={{ section: classes.section, inner: classes.inner }}
          aria-label={`Property: ${label}`}
        >
          <span className={classes.wide}>{label}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        {isLoading ? <Menu.Item disabled>Loading...</Menu.Item> : null}
        {error ? (
          <Text c="red" size="sm" px="sm" py={6} role="alert">
            {projectsErrorMessage(error)}
          </Text>
        ) : null}
        {!isLoading && !error && projects.length === 0 ? (
          <Menu.Item disabled>No Projects Available</Menu.Item>
        ) : null}
        {projects.map((project) => (
          <Menu.Item
            key={project.id}
            onClick={() => select(project.id)}
            rightSection={project.id === selected?.id ? <IconCheck size={16} aria-label="Selected" /> : null}
          >
            <Text size="sm" fw={500}>
              {project.name}
            </Text>
            {project.address ? (
              <Text size="xs" c="dimmed">
                {project.address}
              </Text>
            ) : null}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
