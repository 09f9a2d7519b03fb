import { Button, Container, Group } from '@mantine/core';
import { useSignOut } from '#app/auth/use-sign-out.ts';
import { FieldBidLogo } from '#app/ui/fieldbid-logo.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';

/** /admin/*: the staff site (staff and superusers only, behind the guard). Filled by a later issue. */
export function AdminPage() {
  const { signOut, pending } = useSignOut();
  return (
    <Container size="lg" py="lg">
      <Group justify="space-between" mb="xl">
        <FieldBidLogo />
        <Button variant="default" onClick={signOut} loading={pending}>
          Logout
        </Button>
      </Group>
      <ScreenTitle>FieldBid Admin</ScreenTitle>
    </Container>
  );
}
