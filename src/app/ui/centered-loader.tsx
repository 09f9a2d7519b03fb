import { Center, Loader } from '@mantine/core';

/** Shown while a guard checks the session or a lazy screen loads. */
export function CenteredLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite" aria-label={label}>
      <Loader />
    </Center>
  );
}
