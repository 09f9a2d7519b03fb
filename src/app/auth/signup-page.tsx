import { Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { type Icon, IconArrowRight, IconBuildingCommunity, IconTool } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { usePageTitle } from '#app/ui/page-title.ts';
import classes from './signup-page.module.css';

interface Choice {
  title: string;
  description: string;
  to: string;
  icon: Icon;
}

// The two account types (public spec, section 2: sign-up chooser).
const CHOICES: Choice[] = [
  {
    title: 'Property Manager',
    description:
      'Raise maintenance requests, invite vendors and keep the maintenance history of your properties.',
    to: '/property-manager-application',
    icon: IconBuildingCommunity,
  },
  {
    title: 'Vendor',
    description: 'Find maintenance jobs in your trade, send bids and talk with property managers.',
    to: '/vendor-application',
    icon: IconTool,
  },
];

/** /signup: choose the kind of account to apply for. */
export function SignupPage() {
  usePageTitle('Sign Up · FieldBid');
  return (
    <Stack gap="lg">
      <PageHeading title="Sign Up">How will you use FieldBid?</PageHeading>

      <SimpleGrid cols={1} spacing="md">
        {CHOICES.map((choice) => (
          <Card
            key={choice.to}
            component={Link}
            to={choice.to}
            withBorder
            padding="lg"
            className={classes.choice}
          >
            <Group wrap="nowrap" align="flex-start">
              <ThemeIcon size={44} radius="md" variant="light">
                <choice.icon size={26} aria-hidden />
              </ThemeIcon>
              <Stack gap={4} flex={1}>
                <Text fw={700} fz="lg">
                  {choice.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {choice.description}
                </Text>
              </Stack>
              <IconArrowRight aria-hidden style={{ alignSelf: 'center', flexShrink: 0 }} />
            </Group>
          </Card>
        ))}
      </SimpleGrid>

      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to="/login" underline="always">
          Log in
        </Anchor>
      </Text>
    </Stack>
  );
}
