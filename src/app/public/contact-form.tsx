import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { isApiError } from '#app/lib/api-error.ts';
import { showToast } from '#app/ui/toast.ts';
import {
  CONTACT_MESSAGE,
  type ContactMessageInput,
  contactMessageInputSchema,
} from '#shared/contact-schemas.ts';
import { useContactMessage } from './api.ts';
import { knownFieldErrors } from './landing-form-rules.ts';

// Public spec, section 8 (the success text is CONTACT_MESSAGE).
export const CONTACT_FAILURE = 'Failed to send message. Please try again later.';

const FIELDS = ['name', 'email', 'phone', 'message'] as const;

/** The footer's contact form (public spec, section 2): name, email, phone, message, all required. */
export function ContactForm() {
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
      onError: (error) => {
        const fields = isApiError(error) ? knownFieldErrors(error.fieldErrors, FIELDS) : {};
        if (Object.keys(fields).length > 0) form.setErrors(fields);
        else showToast({ message: CONTACT_FAILURE, color: 'red' });
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="contact-form-title">
      <Stack gap="sm">
        <TextInput
          label="Name"
          name="name"
          autoComplete="name"
          required
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Phone"
          type="tel"
          name="phone"
          autoComplete="tel"
          required
          key={form.key('phone')}
          {...form.getInputProps('phone')}
        />
        <Textarea
          label="Message"
          name="message"
          required
          minRows={4}
          autosize
          key={form.key('message')}
          {...form.getInputProps('message')}
        />
        <Button type="submit" loading={mutation.isPending} size="md" color="accent.9">
          Send Message
        </Button>
      </Stack>
    </form>
  );
}
