import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { saveFailureMessage, serverFieldErrors } from '#app/ui/server-form-errors.ts';
import { formatUsd } from '#shared/formatters.ts';
import type { OwnerApprovalPage } from '#shared/owner-approval-schemas.ts';
import { useOwnerApprove } from './owner-approval-api.ts';
import { SignatureField, type SignatureHandle } from './signature-field.tsx';

const SIGN_IN_THE_BOX = 'Sign in the box.';
const TYPE_YOUR_NAME = 'Type your full name.';

/**
 * The terms, then Approve: the typed full name and the drawn signature, sent with the hash of the
 * document shown (the server refuses an approval of a document that changed meanwhile).
 */
export function OwnerApproveForm({
  token,
  page,
  onApproved,
}: {
  token: string;
  page: OwnerApprovalPage;
  onApproved: () => void;
}) {
  const approve = useOwnerApprove(token);
  const signature = useRef<SignatureHandle>(null);
  const [name, setName] = useState(page.owner_name);
  const [errors, setErrors] = useState<{ typed_name?: string; signature?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = () => {
    const png = signature.current?.toPng() ?? null;
    const typed = name.trim();
    const found = {
      ...(typed === '' ? { typed_name: TYPE_YOUR_NAME } : {}),
      ...(png === null ? { signature: SIGN_IN_THE_BOX } : {}),
    };
    setErrors(found);
    setFailure(null);
    if (png === null || typed === '') return;
    approve.mutate(
      { typed_name: typed, signature: png, document_hash: page.document_hash },
      {
        onSuccess: onApproved,
        onError: (refusal) => {
          const fields = serverFieldErrors(refusal, ['typed_name', 'signature']);
          if (fields) setErrors(fields);
          else setFailure(saveFailureMessage(refusal, 'Your approval could not be sent. Try again.'));
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="owner-approve-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Title order={2} fz="h4" id="owner-approve-title">
            Approve {formatUsd(page.chosen.amount)}
          </Title>
          <Paper radius="sm" p="sm" bg="gray.0" aria-label="Terms">
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
              Terms
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {page.terms}
            </Text>
          </Paper>
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <TextInput
            label="Your full name"
            required
            autoComplete="name"
            value={name}
            maxLength={200}
            error={errors.typed_name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <SignatureField
            ref={signature}
            error={errors.signature ?? null}
            onDrawn={() => setErrors(({ signature: _, ...rest }) => rest)}
          />
          <Button type="submit" color="green" size="md" loading={approve.isPending} fullWidth>
            Approve
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
