import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { QueryScope } from '#app/lib/query-scope.tsx';
import { FormTextInput } from '#app/ui/form-text-input.tsx';
import { showToast } from '#app/ui/toast.ts';
import {
  DEMO_REQUEST_MESSAGE,
  type DemoRequestInput,
  demoRequestInputSchema,
} from '#shared/contact-schemas.ts';
import { useDemoRequest } from './api.ts';
import { showServerErrors } from './landing-form-rules.ts';

// Public spec, section 8 (the success toast, DEMO_REQUEST_MESSAGE, stays the default 5 seconds).
export const DEMO_FAILURE = 'An error occurred. Please try again later.';

/** The Request a Demo dialog (public spec, section 2): email and company_name, both required. */
export function DemoRequestDialog(props: { opened: boolean; onClose: () => void }) {
  return (
    <QueryScope>
      <DemoRequestForm {...props} />
    </QueryScope>
  );
}

function DemoRequestForm({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const mutation = useDemoRequest();
  const form = useForm<DemoRequestInput>({
    mode: 'uncontrolled',
    initialValues: { email: '', company_name: '' },
    // The handler validates with the same schema (src/shared/contact-schemas.ts).
    validate: schemaResolver(demoRequestInputSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    mutation.mutate(demoRequestInputSchema.parse(values), {
      onSuccess: () => {
        showToast({ message: DEMO_REQUEST_MESSAGE, color: 'green' });
        form.reset();
        onClose();
      },
      onError: (error) =>
        showServerErrors(error, ['email', 'company_name'], form.setErrors, () =>
          showToast({ message: DEMO_FAILURE, color: 'red' }),
        ),
    });
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Request a Demo"
      centered
      size="md"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Tell us where to reach you. We review every request and email approved teams a link to a demo
            workspace filled with sample properties, requests and bids.
          </Text>
          <FormTextInput
            form={form}
            field="email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            data-autofocus
          />
          <FormTextInput
            form={form}
            field="company_name"
            label="Company Name"
            autoComplete="organization"
            required
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Submit Request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
