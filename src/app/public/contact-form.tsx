import { Button, Stack, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useRef } from 'react';
import { QueryScope } from '#app/lib/query-scope.tsx';
import { PRERENDERED_FORM_METHOD, useTextTypedBeforeHydration } from '#app/ui/prerendered-form.ts';
import { showToast } from '#app/ui/toast.ts';
import { useHydrated } from '#app/ui/use-hydrated.ts';
import {
  CONTACT_MESSAGE,
  type ContactMessageInput,
  contactMessageInputSchema,
} from '#shared/contact-schemas.ts';
import { useContactMessage } from './api.ts';
import { ContactFields } from './contact-fields.tsx';
import { showServerErrors } from './landing-form-rules.ts';

// Public spec, section 8 (the success text is CONTACT_MESSAGE).
export const CONTACT_FAILURE = 'Failed to send message. Please try again later.';

const FIELDS = ['name', 'email', 'phone', 'message'] as const;

/** The footer's contact form (public spec, section 2): name, email, phone, message, all required. */
export function ContactForm() {
  return (
    <QueryScope>
      <ContactMessageForm />
    </QueryScope>
  );
}

function ContactMessageForm() {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  useTextTypedBeforeHydration(formRef);
  const mutation = useContactMessage();
  const form = useForm<ContactMessageInput>({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', phone: '', message: '' },
    // The handler validates with the same schema (src/shared/contact-schemas.ts).
    validate: schemaResolver(contactMessageInputSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    mutation.mutate(contactMessageInputSchema.parse(values), {
      onSuccess: () => {
        showToast({ message: CONTACT_MESSAGE, color: 'green' });
        form.reset();
      },
      onError: (error) =>
        showServerErrors(error, FIELDS, form.setErrors, () =>
          showToast({ message: CONTACT_FAILURE, color: 'red' }),
        ),
    });
  });

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby="contact-form-title"
      method={PRERENDERED_FORM_METHOD}
    >
      <Stack gap="sm">
        <ContactFields form={form} />
        <Textarea
          label="Message"
          name="message"
          required
          minRows={4}
          autosize
          key={form.key('message')}
          {...form.getInputProps('message')}
        />
        <Button type="submit" loading={mutation.isPending} size="md" color="accent.9" inert={!hydrated}>
          Send Message
        </Button>
      </Stack>
    </form>
  );
}
