import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { formatDate } from '#shared/date-display.ts';
import {
  OWNER_APPROVAL_STATUS_LABELS,
  type OwnerApprovalPage as OwnerPage,
} from '#shared/owner-approval-schemas.ts';
import { OwnerAnswerDialog } from './owner-answer-dialog.tsx';
import { useOwnerApprovalPage, useOwnerDecline, useOwnerQuestion } from './owner-approval-api.ts';
import { ownerLinkProblem } from './owner-approval-display.ts';
import { OwnerApprovalDocument } from './owner-approval-document.tsx';
import { OwnerApproveForm } from './owner-approve-form.tsx';

const QUESTION_SENT = 'Your question was sent to the property manager. This link stays open.';

/** A plain sentence in place of the page: the link is unknown, no longer open, or unreachable. */
function LinkProblem({ sentence, retry }: { sentence: string; retry: (() => void) | null }) {
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto">
      <Stack gap="sm" align="flex-start">
        <Title order={1} fz="h3">
          Owner approval
        </Title>
        <Text role="alert">{sentence}</Text>
        {retry ? (
          <Button variant="default" onClick={retry}>
            Try again
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** After a decision: the outcome, with the certificate once approved. */
function Outcome({ page, status }: { page: OwnerPage; status: OwnerPage['status'] }) {
  if (status === 'approved') {
    return (
      <Paper withBorder radius="md" p="xl" role="status">
        <Stack gap="sm" align="flex-start">
          <IconCircleCheck size={40} color="var(--mantine-color-green-7)" aria-hidden />
          <Title order={2} fz="h3">
            Approved. Thank you.
          </Title>
          <Text size="sm">The property manager has been told and the work can start.</Text>
          {page.certificate_url ? (
            <Anchor href={page.certificate_url} target="_blank" rel="noreferrer">
              Download the approval certificate
            </Anchor>
          ) : null}
        </Stack>
      </Paper>
    );
  }
  if (status === 'declined') {
    return (
      <Paper withBorder radius="md" p="xl" role="status">
        <Title order={2} fz="h3">
          Declined.
        </Title>
        <Text size="sm" mt="xs">
          The property manager has been told.
        </Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p="xl" role="status">
      <Text>{OWNER_APPROVAL_STATUS_LABELS[status]}. This link no longer takes an answer.</Text>
    </Paper>
  );
}

/**
 * /owner-approval/:token: the building owner's page (no account; the link is the key). The work, the
 * chosen bid and the others, the limit and the manager's recommendation, then the terms above
 * Approve (typed name and drawn signature), Decline with a reason, or a question for the manager.
 */
export function OwnerApprovalPage() {
  useDocumentTitle('Owner approval · FieldBid');
  const { token = '' } = useParams();
  const query = useOwnerApprovalPage(token);
  // The decision made here: shown even if the link answers 410 once it is used.
  const [decided, setDecided] = useState<'approved' | 'declined' | null>(null);
  const [dialog, setDialog] = useState<'decline' | 'question' | null>(null);
  const [asked, setAsked] = useState(false);
  const decline = useOwnerDecline(token);
  const question = useOwnerQuestion(token);

  if (query.isPending) return <CenteredLoader label="Loading the approval" />;
  if (!query.data) {
    const problem = ownerLinkProblem(query.error);
    return (
      <LinkProblem sentence={problem.sentence} retry={problem.final ? null : () => void query.refetch()} />
    );
  }
  const page = query.data;
  const status = decided ?? page.status;

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <div>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {status === 'waiting' ? 'Approval needed' : 'Owner approval'}: {page.property_name}
        </Title>
        <Text size="sm" c="dimmed">
          {page.property_address}
        </Text>
        {status === 'waiting' ? (
          <Text size="sm" mt={4}>
            {page.owner_name ? `${page.owner_name}, ` : ''}
            {page.manager_name || 'The property manager'} asks you to approve this work. This link is open
            until {formatDate(page.expires_at)}.
          </Text>
        ) : null}
      </div>

      {status !== 'waiting' ? <Outcome page={page} status={status} /> : null}

      <OwnerApprovalDocument page={page} />

      {status === 'waiting' ? (
        <>
          {asked ? (
            <Alert color="blue" variant="light" role="status">
              {QUESTION_SENT}
            </Alert>
          ) : null}
          <OwnerApproveForm token={token} page={page} onApproved={() => setDecided('approved')} />
          <Group gap="sm" grow preventGrowOverflow={false}>
            <Button variant="default" color="red" onClick={() => setDialog('decline')}>
              Decline
            </Button>
            <Button variant="default" onClick={() => setDialog('question')}>
              Ask a question
            </Button>
          </Group>
        </>
      ) : null}

      <OwnerAnswerDialog
        opened={dialog === 'decline'}
        onClose={() => setDialog(null)}
        title="Decline this work"
        field="reason"
        label="Why do you decline?"
        emptyMessage="Say why you decline."
        submitLabel="Decline"
        submitColor="red"
        busy={decline.isPending}
        onSubmit={(reason) => decline.mutateAsync({ reason }).then(() => setDecided('declined'))}
      />
      <OwnerAnswerDialog
        opened={dialog === 'question'}
        onClose={() => setDialog(null)}
        title="Ask the property manager"
        field="question"
        label="Your question"
        emptyMessage="Write your question."
        submitLabel="Send the question"
        submitColor="blue"
        busy={question.isPending}
        onSubmit={(text) => question.mutateAsync({ question: text }).then(() => setAsked(true))}
      />
    </Stack>
  );
}
