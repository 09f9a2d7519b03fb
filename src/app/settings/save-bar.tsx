import { Alert, Button, Group, Stack } from '@mantine/core';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { SAVE_FAILED, SAVED_MESSAGE } from './settings-messages.ts';

/** The end of every Settings form (signed-in spec, sections 2 and 8): the outcome and 'Save Changes'. */
export function SaveBar({ saving, saved, failed }: { saving: boolean; saved: boolean; failed: boolean }) {
  return (
    <Stack gap="sm">
      {saved ? (
        <Alert color="green" variant="light" role="status">
          {SAVED_MESSAGE}
        </Alert>
      ) : null}
      {failed ? <ErrorAlert>{SAVE_FAILED}</ErrorAlert> : null}
      <Group>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving Changes...' : 'Save Changes'}
        </Button>
      </Group>
    </Stack>
  );
}
