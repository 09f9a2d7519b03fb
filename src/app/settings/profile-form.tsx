import { Anchor, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { isApiError } from '#app/lib/api-error.ts';
import { type UserProfile, type UserProfileInput, userProfileSchema } from '#shared/user-profile.ts';
import { useSaveUserProfile } from './api.ts';
import { SaveBar } from './save-bar.tsx';

const FIELDS = Object.keys(userProfileSchema.shape) as Array<keyof UserProfileInput>;

/** Navigation state that opens Profile Details with the number field focused ("Change number"). */
export const FOCUS_PHONE_STATE = { focus: 'phone_number' } as const;

/**
 * The Profile Details tab (signed-in spec, section 2). PUT takes every profile field, the two
 * notification switches too: those are edited on the Notifications tab (notification-settings-form.tsx),
 * so this form sends their latest saved values rather than what it loaded.
 */
export function ProfileForm({ profile }: { profile: UserProfile }) {
  const save = useSaveUserProfile();
  const [saved, setSaved] = useState(false);
  const [failed, setFailed] = useState(false);
  // A new number takes texts only once confirmed: say where, after it is saved.
  const [newNumber, setNewNumber] = useState(false);
  const phoneInput = useRef<HTMLInputElement>(null);
  const location = useLocation();
  const focusPhone = (location.state as typeof FOCUS_PHONE_STATE | null)?.focus === FOCUS_PHONE_STATE.focus;
  // Each such navigation (its own key), after the tab shows, so the field can take focus.
  const focusRequest = focusPhone ? location.key : null;
  useEffect(() => {
    if (focusRequest !== null) phoneInput.current?.focus();
  }, [focusRequest]);
  const form = useForm<UserProfileInput>({
    initialValues: profile,
    // The handler checks the same schema (src/shared/user-profile.ts).
    validate: schemaResolver(userProfileSchema, { sync: true }),
  });

  // The first answer may come from the device's cache; a fresher one replaces it unless edited.
  useEffect(() => {
    if (form.isDirty() || JSON.stringify(form.getValues()) === JSON.stringify(profile)) return;
    form.setValues(profile);
    form.resetDirty(profile);
  }, [profile, form]);

  const submit = form.onSubmit((values) => {
    setSaved(false);
    setFailed(false);
    setNewNumber(false);
    save.mutate(
      {
        ...values,
        email_notifications: profile.email_notifications,
        sms_notifications: profile.sms_notifications,
      },
      {
        onSuccess: (answer) => {
          form.setValues(answer);
          form.resetDirty(answer);
          setSaved(true);
          setNewNumber(answer.phone_number !== '' && answer.phone_number !== profile.phone_number);
        },
        onError: (error) => {
          const known = isApiError(error)
            ? Object.fromEntries(
                Object.entries(error.fieldErrors)
                  .filter(([field]) => (FIELDS as string[]).includes(field))
                  .map(([field, messages]) => [field, messages[0]]),
              )
            : {};
          form.setErrors(known);
          if (Object.keys(known).length === 0) setFailed(true);
        },
      },
    );
  });

  const saveBar = (
    // An old answer must not stand beside new edits.
    <SaveBar saving={save.isPending} saved={saved && !form.isDirty()} failed={failed} />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Tabs.Panel value="profile" pt="md">
        <Stack gap="sm" maw={520}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput label="First Name" autoComplete="given-name" {...form.getInputProps('first_name')} />
            <TextInput label="Last Name" autoComplete="family-name" {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <TextInput
            label="Phone Number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder="1234567890"
            ref={phoneInput}
            {...form.getInputProps('phone_number')}
          />
          <TextInput
            label="Job Title"
            autoComplete="organization-title"
            {...form.getInputProps('job_title')}
          />
          {newNumber && !form.isDirty() ? (
            <Text size="sm" role="status">
              Confirm your new number under{' '}
              <Anchor component={Link} to={{ hash: '#notifications' }} replace>
                Notifications
              </Anchor>{' '}
              to receive texts.
            </Text>
          ) : null}
          {saveBar}
        </Stack>
      </Tabs.Panel>
    </form>
  );
}
