import { Button, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router-dom';
import { setPasswordPath } from '#app/route-paths.ts';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { useManagerApplicationSuccess } from './api.ts';
import { ApplicationLoadFailed, ApplicationSubmitted } from './application-submitted.tsx';

/** /property-manager-application/:id/success (public spec, sections 2 and 8). */
export function ManagerApplicationSuccessPage() {
  useDocumentTitle('Application Submitted · FieldBid');
  const { id = '' } = useParams();
  const success = useManagerApplicationSuccess(id);

  if (success.isPending) return <CenteredLoader label="Loading application details" />;
  if (success.isError) {
    return (
      <ApplicationLoadFailed>
        Failed to load application details. Please try again later.
      </ApplicationLoadFailed>
    );
  }
  return (
    <ApplicationSubmitted maw={560}>
      <Text c="dimmed">Thank you for applying. Set a password for your account to continue.</Text>
      <Button component={Link} to={setPasswordPath(success.data.password_token)}>
        Set Your Password
      </Button>
    </ApplicationSubmitted>
  );
}
