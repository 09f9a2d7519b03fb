import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '#app/ui/error-alert.tsx';

/** Loading, failed and empty states shared by the admin sections' tables. */
export function AdminSectionState({
  loading,
  error,
  empty,
  emptyText,
  onRetry,
  label,
}: {
  loading: boolean;
  error: boolean;
  empty: boolean;
  emptyText: string;
  onRetry: () => void;
  /** What is loading, for screen readers. */
  label: string;
}) {
  if (loading) {
    return (
      <Center py="xl" role="status" aria-label={`Loading ${label}`}>
        <Loader />
      </Center>
    );
  }
  if (error) {
    return (
      <Stack align="flex-start" gap="sm">
        <ErrorAlert>{`The ${label} could not be loaded. Check your connection and try again.`}</ErrorAlert>
        <Button variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    );
  }
  if (empty) {
    return (
      <Text c="dimmed" py="lg">
        {emptyText}
      </Text>
    );
  }
  return null;
}
