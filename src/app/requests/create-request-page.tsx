import { Anchor, Button, Divider, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { useSelectedProperty } from '#app/properties/selected-property-context.tsx';
import { managerPaths, managerRequestPath } from '#app/route-paths.ts';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import { useVendorsByCategory } from './api.ts';
import { ManagerRequestFields } from './manager-request-fields.tsx';
import { RequestSubmitted, SubmittingRequest } from './request-submitted.tsx';
import { useManagerRequestFlow } from './use-manager-request-flow.ts';
import { VendorInvitationFields } from './vendor-invitation-fields.tsx';

/**
 * /property-manager/maintenance/create (the target of Create Request; the spec does not show it):
 * the dashboard dialog's fields as a page, plus vendor invitations and a bidding deadline.
 */
export function CreateRequestPage() {
  const { projects, selected, isLoading } = useSelectedProperty();
  // The form needs the category's vendors (Invite all), and the vendor list needs the form's category.
  const categoryVendorIds = useRef<number[]>([]);
  const flow = useManagerRequestFlow(selected?.id ?? null, () => categoryVendorIds.current);
  const category = flow.form.values.type;
  const vendors = useVendorsByCategory(category, category !== null);
  categoryVendorIds.current = (vendors.data ?? []).map((vendor) => vendor.id);
  const { mutation } = flow;

  return (
    <Stack gap="md" maw={820}>
      <Anchor component={Link} to={managerPaths.maintenance} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden /> Maintenance Requests
        </Group>
      </Anchor>
      <ScreenTitle>Create Maintenance Request</ScreenTitle>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        {mutation.isPending ? (
          <SubmittingRequest />
        ) : mutation.isSuccess ? (
          <RequestSubmitted
            request={mutation.data}
            actions={
              <>
                <Button variant="default" onClick={flow.reset}>
                  Create another
                </Button>
                <Button component={Link} to={managerRequestPath(mutation.data.id)}>
                  View request
                </Button>
              </>
            }
          />
        ) : (
          <form onSubmit={flow.submit} noValidate aria-label="Create Maintenance Request">
            <Stack gap="md">
              {flow.errorMessage ? <ErrorAlert>{flow.errorMessage}</ErrorAlert> : null}
              <ManagerRequestFields form={flow.form} projects={projects} projectsLoading={isLoading} />
              <Divider />
              <Title order={2} fz="h4">
                Vendors and bidding
              </Title>
              <VendorInvitationFields
                form={flow.form}
                vendors={vendors.data ?? []}
                loading={category !== null && vendors.isPending}
                failed={vendors.isError}
              />
              <Group justify="flex-end">
                <Button variant="default" component={Link} to={managerPaths.maintenance}>
                  Cancel
                </Button>
                <Button type="submit">Submit Request</Button>
              </Group>
            </Stack>
          </form>
        )}
      </Paper>
    </Stack>
  );
}
