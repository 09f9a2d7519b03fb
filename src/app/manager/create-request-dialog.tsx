import { Button, Group, Modal, Stack } from '@mantine/core';
import { useSelectedProperty } from '#app/properties/selected-property-context.tsx';
import { ManagerRequestFields } from '#app/requests/manager-request-fields.tsx';
import { RequestSubmitted, SubmittingRequest } from '#app/requests/request-submitted.tsx';
import { useManagerRequestFlow } from '#app/requests/use-manager-request-flow.ts';
import { ErrorAlert } from '#app/ui/error-alert.tsx';

const NO_EXTRA_VENDORS = () => [];

/**
 * The dashboard's Create Maintenance Request dialog (signed-in spec, section 2), with a real call
 * instead of the prototype's simulated one: form → submitting (spinner, 'Submitting request...') →
 * success ('Request Submitted Successfully!', the confirmation number, details). Close resets it.
 */
export function CreateRequestDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { projects, selected, isLoading } = useSelectedProperty();
  const flow = useManagerRequestFlow(selected?.id ?? null, NO_EXTRA_VENDORS);
  const { mutation } = flow;

  const close = () => {
    // While the call runs the dialog stays: closing would hide its outcome.
    if (mutation.isPending) return;
    flow.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Create Maintenance Request"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {mutation.isPending ? (
        <SubmittingRequest />
      ) : mutation.isSuccess ? (
        <RequestSubmitted request={mutation.data} actions={<Button onClick={close}>Close</Button>} />
      ) : (
        <form onSubmit={flow.submit} noValidate>
          <Stack gap="md">
            {flow.errorMessage ? <ErrorAlert>{flow.errorMessage}</ErrorAlert> : null}
            <ManagerRequestFields form={flow.form} projects={projects} projectsLoading={isLoading} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit">Submit Request</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
