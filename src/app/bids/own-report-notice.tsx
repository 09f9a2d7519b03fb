import { Button, Group, Stack, Text } from '@mantine/core';
import { OwnReportMark } from '#app/ui/own-report-mark.tsx';
import { ERROR_MESSAGES } from '#shared/api-errors.ts';
import type { BidDialogRequest } from './bid-dialog.tsx';
import { BidRequestSummary } from './bid-request-summary.tsx';

/** The bid dialog on the vendor's own report: no form to fill, and why (the server refuses it too). */
export function OwnReportNotice({ request, onClose }: { request: BidDialogRequest; onClose: () => void }) {
  return (
    <Stack gap="md">
      <BidRequestSummary request={request.data} loading={false} />
      <Group gap="sm" wrap="wrap">
        <OwnReportMark />
        <Text size="sm">{ERROR_MESSAGES.OWN_REQUEST}</Text>
      </Group>
      <Group justify="flex-end">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}
