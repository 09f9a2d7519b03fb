import { Anchor, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type Icon, IconHourglassHigh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** One step of an application under review, as a line of its list. */
export interface StepLine {
  label: string;
  /** What the applicant reads beside the label. */
  status: string;
  icon: Icon;
  color: string;
  link?: { to: string; text: string };
}

export function ReviewStep({ line }: { line: StepLine }) {
  const StepIcon = line.icon;
  return (
    <Group component="li" wrap="nowrap" align="flex-start" gap="sm">
      <ThemeIcon size={28} radius="xl" variant="light" color={line.color}>
        <StepIcon size={16} aria-hidden />
      </ThemeIcon>
      <div>
        <Text fw={600} size="sm">
          {line.label}
        </Text>
        <Text size="sm" c="dimmed">
          {line.status}
        </Text>
        {line.link ? (
          <Anchor component={Link} to={line.link.to} size="sm">
            {line.link.text}
          </Anchor>
        ) : null}
      </div>
    </Group>
  );
}

/** The steps of the application, as a list named "Your application". */
export function ReviewSteps({ children }: { children: ReactNode }) {
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Your application">
      {children}
    </Stack>
  );
}

/**
 * The card a manager or a vendor sees while staff review its application: the hourglass, `title`
 * (an h2 with id `titleId`, naming the section) and `intro` under it, then `children`.
 */
export function ReviewNotice({
  titleId,
  title,
  intro,
  children,
}: {
  titleId: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group wrap="nowrap" gap="sm" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" color="yellow">
            <IconHourglassHigh size={22} aria-hidden />
          </ThemeIcon>
          <div>
            <Title order={2} fz="h3" id={titleId}>
              {title}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {intro}
            </Text>
          </div>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
