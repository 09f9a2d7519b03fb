import {
  Checkbox,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  TableScrollContainer,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useMemo, useRef, useState } from 'react';
import { PushDeviceCard } from '#app/push/push-device-card.tsx';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { formatPhone } from '#shared/formatters.ts';
import {
  CATEGORY_LABELS,
  CHANNEL_LABELS,
  DEFAULT_QUIET_HOURS,
  NOTIFICATION_CHANNELS,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationSettings,
  type NotificationSettingsInput,
  notificationSettingsInputSchema,
} from '#shared/notification-preferences.ts';
import { useUserProfile } from './api.ts';
import { useNotificationSettings, useSaveNotificationSettings } from './notification-settings-api.ts';
import classes from './notification-settings-form.module.css';
import { CONFIRM_NUMBER_NOTE, PhoneConfirmationCard } from './phone-confirmation-card.tsx';
import { SaveBar } from './save-bar.tsx';
import { LOAD_FAILED } from './settings-messages.ts';

type Values = {
  email_notifications: boolean;
  sms_notifications: boolean;
  categories: Partial<Record<NotificationCategory, Record<NotificationChannel, boolean>>>;
  quiet_hours: NotificationSettingsInput['quiet_hours'];
};

const DESCRIPTIONS: Record<'vendor' | 'managing', Record<NotificationCategory, string>> = {
  vendor: {
    new_jobs: 'New requests in your trades, and invitations to bid',
    messages: 'New messages from property managers',
    bid_results: 'Your bids accepted or not selected',
    lifecycle: 'Bidding opened or closed, your jobs confirmed, sent back or cancelled',
    insurance: 'A new certificate on file, and 30 and 7 days before it expires',
  },
  managing: {
    new_jobs: '',
    messages: 'New messages from vendors',
    bid_results: '',
    lifecycle: 'Requests vendors raise at your properties, and jobs marked complete',
    insurance: '',
  },
};

/** The browser's own zone: the first time quiet hours are set, they follow the device's clock. */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'UTC', ...known])].sort();
}

/** Quiet hours never saved come back as the server's default: then the device's own zone is offered. */
function valuesOf(settings: NotificationSettings): Values {
  const neverSet = JSON.stringify(settings.quiet_hours) === JSON.stringify(DEFAULT_QUIET_HOURS);
  return {
    email_notifications: settings.email_notifications,
    sms_notifications: settings.sms_notifications,
    categories: Object.fromEntries(
      settings.categories.map(({ category, email, sms, push }) => [category, { email, sms, push }]),
    ),
    quiet_hours: neverSet ? { ...settings.quiet_hours, time_zone: browserTimeZone() } : settings.quiet_hours,
  };
}

/**
 * Settings → Notifications (signed-in spec, section 2): the spec's two toggles, now the
 * master switches of email and SMS, then this device's push, what each category sends where, and
 * quiet hours. One 'Save Changes' for the tab, as on Profile Details.
 */
export function NotificationSettingsForm() {
  const settings = useNotificationSettings();
  const phone = useUserProfile().data?.phone_number;
  const { refetch } = settings;
  const lastPhone = useRef(phone);
  // A number changed on Profile Details changes where texts go.
  useEffect(() => {
    if (lastPhone.current !== phone) void refetch();
    lastPhone.current = phone;
  }, [phone, refetch]);

  if (settings.isPending) return <CenteredLoader label="Loading notification settings" />;
  if (settings.isError) return <ErrorAlert>{LOAD_FAILED}</ErrorAlert>;
  return <SettingsForm settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: NotificationSettings }) {
  const save = useSaveNotificationSettings();
  // Only vendors receive new jobs: the list of categories tells the role.
  const vendor = settings.categories.some(({ category }) => category === 'new_jobs');
  const [saved, setSaved] = useState(false);
  const [failed, setFailed] = useState(false);
  const form = useForm<Values>({
    initialValues: valuesOf(settings),
    validate: schemaResolver(notificationSettingsInputSchema, { sync: true }),
  });
  const values = form.getValues();
  const zones = useMemo(() => timeZones(values.quiet_hours.time_zone), [values.quiet_hours.time_zone]);

  useEffect(() => {
    if (form.isDirty()) return;
    const fresh = valuesOf(settings);
    if (JSON.stringify(form.getValues()) === JSON.stringify(fresh)) return;
    form.setValues(fresh);
    form.resetDirty(fresh);
  }, [settings, form]);

  const submit = form.onSubmit((input) => {
    setSaved(false);
    setFailed(false);
    save.mutate(input, {
      onSuccess: (answer) => {
        const next = valuesOf(answer);
        form.setValues(next);
        form.resetDirty(next);
        setSaved(true);
      },
      onError: () => setFailed(true),
    });
  });

  const columnOff: Record<NotificationChannel, string | null> = {
    email: values.email_notifications ? null : 'Email notifications are off.',
    sms: !values.sms_notifications
      ? 'SMS notifications are off.'
      : settings.sms_number === null
        ? 'Add a mobile number under Profile Details to receive texts.'
        : !settings.sms_number_confirmed
          ? CONFIRM_NUMBER_NOTE
          : null,
    push: null,
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={640}>
        <Stack gap="md">
          <Switch
            label="Email notifications"
            description="Receive updates about requests, bids and messages by email"
            {...form.getInputProps('email_notifications', { type: 'checkbox' })}
          />
          <Switch
            label="SMS notifications"
            description={
              settings.sms_number === null
                ? 'Receive urgent updates by text message. Add a mobile number under Profile Details first.'
                : settings.sms_number_confirmed
                  ? `Receive urgent updates by text message at ${formatPhone(settings.sms_number.slice(2))}. Reply STOP to any text to end them.`
                  : 'Receive urgent updates by text message, once you confirm your number below.'
            }
            {...form.getInputProps('sms_notifications', { type: 'checkbox' })}
          />
        </Stack>

        <PhoneConfirmationCard settings={settings} />

        <PushDeviceCard />

        <Stack gap="xs">
          <Title order={3} fz="md" id="notification-categories-title">
            What reaches you where
          </Title>
          <TableScrollContainer minWidth={320}>
            <Table
              aria-labelledby="notification-categories-title"
              verticalSpacing="sm"
              highlightOnHover={false}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Notification</Table.Th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <Table.Th key={channel} ta="center" w={64}>
                      {CHANNEL_LABELS[channel]}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {settings.categories.map(({ category }) => (
                  <Table.Tr key={category}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {CATEGORY_LABELS[category]}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {DESCRIPTIONS[vendor ? 'vendor' : 'managing'][category]}
                      </Text>
                    </Table.Td>
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <Table.Td key={channel} ta="center" p={0}>
                        {/* The label around the box is the finger-sized (44 px) target that toggles it. */}
                        <label className={classes.target} htmlFor={`notify-${category}-${channel}`}>
                          <VisuallyHidden>{`${CHANNEL_LABELS[channel]}: ${CATEGORY_LABELS[category]}`}</VisuallyHidden>
                          <Checkbox
                            id={`notify-${category}-${channel}`}
                            display="inline-block"
                            disabled={columnOff[channel] !== null}
                            title={columnOff[channel] ?? undefined}
                            {...form.getInputProps(`categories.${category}.${channel}`, { type: 'checkbox' })}
                          />
                        </label>
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollContainer>
          {[columnOff.email, columnOff.sms].filter(Boolean).map((note) => (
            <Text key={note} size="xs" c="dimmed">
              {note}
            </Text>
          ))}
          <Text size="xs" c="dimmed">
            Push goes to every device where you turned notifications on. Everything also appears under the
            bell.
          </Text>
        </Stack>

        <Stack gap="xs">
          <Switch
            label="Quiet hours for texts and push"
            description="Texts and push notifications that come in during quiet hours wait until they end. Email is not held."
            {...form.getInputProps('quiet_hours.enabled', { type: 'checkbox' })}
          />
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
            <TextInput
              type="time"
              label="From"
              disabled={!values.quiet_hours.enabled}
              {...form.getInputProps('quiet_hours.start')}
            />
            <TextInput
              type="time"
              label="Until"
              disabled={!values.quiet_hours.enabled}
              {...form.getInputProps('quiet_hours.end')}
            />
            <Select
              label="Time zone"
              searchable
              data={zones}
              disabled={!values.quiet_hours.enabled}
              allowDeselect={false}
              {...form.getInputProps('quiet_hours.time_zone')}
            />
          </SimpleGrid>
        </Stack>

        <SaveBar saving={save.isPending} saved={saved && !form.isDirty()} failed={failed} />
      </Stack>
    </form>
  );
}
