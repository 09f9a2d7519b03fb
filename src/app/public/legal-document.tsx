import { Anchor, Box, List, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '#app/ui/page-title.ts';
import { COMPANY_ADDRESS, COMPANY_NAME, COMPANY_PHONE } from './company-contact.ts';

export interface LegalSection {
  /** The fragment the contents list links to. */
  id: string;
  title: string;
  body: ReactNode;
}

/** One legal page: title, date, a short introduction, a list of contents and numbered sections. */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  usePageTitle(`${title} · FieldBid`);
  return (
    <Box component="article" maw={760} mx="auto">
      <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" mt={4} mb="lg">
        Last updated {updated}
      </Text>
      <Typography>{intro}</Typography>
      <Paper component="nav" aria-label="On this page" withBorder radius="md" p="md" my="xl" bg="gray.0">
        <Text fw={700} size="sm" mb="xs">
          On this page
        </Text>
        <List type="ordered" size="sm" spacing={4}>
          {sections.map((section) => (
            <List.Item key={section.id}>
              <Anchor href={`#${section.id}`} size="sm">
                {section.title}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </Paper>
      <Stack gap="xl">
        {sections.map((section, index) => (
          <Box
            component="section"
            key={section.id}
            aria-labelledby={section.id}
            style={{ scrollMarginTop: 16 }}
          >
            <Title order={2} fz="h3" id={section.id} mb="sm">
              {index + 1}. {section.title}
            </Title>
            <Typography>{section.body}</Typography>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/** How to reach us, closing both documents. */
export function LegalContact({ topic }: { topic: string }) {
  return (
    <>
      <p>
        Questions about {topic} can be sent through the contact form at the bottom of our{' '}
        <a href="/#contact-us">home page</a>, by phone at{' '}
        <a href={COMPANY_PHONE.href}>{COMPANY_PHONE.display}</a>, or by post to:
      </p>
      <p>
        {COMPANY_NAME}
        <br />
        Attn: Legal
        <br />
        {COMPANY_ADDRESS[0]}
        <br />
        {COMPANY_ADDRESS[1]}
      </p>
    </>
  );
}
