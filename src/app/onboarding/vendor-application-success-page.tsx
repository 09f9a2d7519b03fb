import {
  ActionIcon,
  Button,
  Code,
  CopyButton,
  Group,
  List,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '#app/lib/api-error.ts';
import { setPasswordPath } from '#app/route-paths.ts';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { useVendorApplicationSuccess } from './api.ts';
import { ApplicationLoadFailed, ApplicationSubmitted } from './application-submitted.tsx';

/** What happens after the payment, in order: the vendor's part, then staff's, then going live. */
function NextSteps() {
  return (
    <Stack gap="xs" w="100%" ta="left" component="section" aria-labelledby="next-steps-title">
      <Title order={2} fz="h4" id="next-steps-title">
        What happens next
      </Title>
      <List spacing="xs" size="sm" type="ordered">
        <List.Item>Set your password, then confirm your email address with the link we send you.</List.Item>
        <List.Item>
          Our staff review your application and insurance certificate, typically within one business day.
        </List.Item>
        <List.Item>
          We email you as soon as your application is approved. From then on you see the jobs in your trades
          and can bid on them.
        </List.Item>
      </List>
      <Text size="sm">
        Meanwhile you can sign in to complete your profile, choose how we notify you and check your insurance
        certificate in Settings. If your own software will work with FieldBid, create an API key there, under
        API keys.
      </Text>
    </Stack>
  );
}

/** /vendor-application/subscription/success/:sessionId/:subscriptionId (public spec, sections 2 and 8). */
export function VendorApplicationSuccessPage() {
  useDocumentTitle('Application Submitted · FieldBid');
  const { sessionId = '', subscriptionId = '' } = useParams();
  const success = useVendorApplicationSuccess(sessionId, subscriptionId);

  if (success.isPending) return <CenteredLoader label="Loading application details" />;
  if (success.isError) {
    return (
      <ApplicationLoadFailed title="Failed to load application details">
        {/* The call's own error (public spec, sections 7 and 8): the server's `error`, else the fetch failure. */}
        {(isApiError(success.error) && success.error.serverMessage) || 'Failed to fetch application data'}
      </ApplicationLoadFailed>
    );
  }
  const { confirmation_number, password_token, api_key } = success.data;
  return (
    <ApplicationSubmitted maw={600}>
      <Text>
        Your confirmation number is{' '}
        <Text span fw={700} style={{ whiteSpace: 'nowrap' }}>
          {confirmation_number}
        </Text>
      </Text>
      {password_token ? (
        <Button component={Link} to={setPasswordPath(password_token)}>
          Set Your Password
        </Button>
      ) : null}
      {api_key ? (
        <Stack gap={6} w="100%" ta="left">
          <Text fw={600}>Your API key</Text>
          <Group gap="xs" wrap="nowrap">
            <Code block style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {api_key}
            </Code>
            <CopyButton value={api_key}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy'}>
                  <ActionIcon variant="light" onClick={copy} aria-label="Copy API key" size="lg">
                    {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed">
            Store this key somewhere safe now: it will not be shown again.
          </Text>
        </Stack>
      ) : null}
      <NextSteps />
      <Text size="sm" c="dimmed">
        Questions about your application or subscription? Contact our support team and quote your confirmation
        number.
      </Text>
    </ApplicationSubmitted>
  );
}
