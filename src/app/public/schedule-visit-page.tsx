import { Anchor, Box, Button, Grid, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatCount } from '#shared/formatters.ts';
import {
  formatVisitChoice,
  VISIT_REQUEST_MESSAGES,
  type VisitRequestValues,
} from '#shared/visit-request-schemas.ts';
import { COMPANY_PHONE } from './company-contact.ts';
import { ScheduleVisitForm } from './schedule-visit-form.tsx';

/** What the visitor asked for, once the server has it: the message, the place and the times. */
function VisitSent({ sent, onAnother }: { sent: VisitRequestValues; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: the focus goes to the news that replaced it, so it is read out.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md" align="flex-start">
        <ThemeIcon color="green" variant="light" size={48} radius="xl" aria-hidden>
          <IconCircleCheck size={30} />
        </ThemeIcon>
        <Title order={2} fz="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          Visit request sent
        </Title>
        <Text>{VISIT_REQUEST_MESSAGES.sent}</Text>
        <Box>
          <Text fw={600} size="sm">
            {sent.property_address} ({formatCount(sent.number_of_units)} units)
          </Text>
          <List size="sm" mt={4}>
            <List.Item>
              First choice: {formatVisitChoice(sent.preferred_date_1, sent.preferred_time_1)}
            </List.Item>
            {sent.preferred_date_2 && sent.preferred_time_2 ? (
              <List.Item>
                Second choice: {formatVisitChoice(sent.preferred_date_2, sent.preferred_time_2)}
              </List.Item>
            ) : null}
          </List>
          <Text size="sm" c="dimmed" mt="xs">
            The confirmation went to {sent.email}.
          </Text>
        </Box>
        <Group gap="sm">
          <Button component={Link} to="/" color="accent.9">
            Back to the home page
          </Button>
          <Button variant="default" onClick={onAnother}>
            Request another visit
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Beside the form on wide screens, after it on phones: what happens once the request is in. */
function WhatHappensNext() {
  return (
    <Paper component="aside" aria-labelledby="visit-next-title" radius="md" p="lg" bg="gray.0">
      <Title order={2} fz="h4" id="visit-next-title" mb="sm">
        What happens next
      </Title>
      <List type="ordered" size="sm" spacing="xs">
        <List.Item>We email you a copy of your request right away.</List.Item>
        <List.Item>Our team calls or emails you to confirm a time that suits you.</List.Item>
        <List.Item>
          On the day, we walk the property with you, show the in-wall 360° documentation and answer your
          questions.
        </List.Item>
      </List>
      <Text size="sm" mt="md">
        Rather talk now? Call us at{' '}
        <Anchor href={COMPANY_PHONE.href} size="sm" style={{ whiteSpace: 'nowrap' }}>
          {COMPANY_PHONE.display}
        </Anchor>
        .
      </Text>
    </Paper>
  );
}

/**
 * /schedule-visit, behind the landing hero's Schedule a Visit button (public spec, section 2): a
 * visitor asks for a walk-through of a property, in the public page layout like the legal pages.
 */
export function ScheduleVisitPage() {
  useDocumentTitle('Schedule a Visit · FieldBid');
  const [sent, setSent] = useState<VisitRequestValues | null>(null);
  return (
    <Box maw={1040} mx="auto">
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        Schedule a Visit
      </Title>
      <Text c="dimmed" mt="xs" mb="xl" maw={680}>
        See FieldBid on one of your own properties. Tell us where and when suits you, and our team will
        confirm a time for a walk-through.
      </Text>
      <Grid gap={{ base: 'xl', md: 48 }}>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {sent ? (
            <VisitSent sent={sent} onAnother={() => setSent(null)} />
          ) : (
            <ScheduleVisitForm onSent={setSent} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <WhatHappensNext />
        </Grid.Col>
      </Grid>
    </Box>
  );
}
