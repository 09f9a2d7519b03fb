import { Anchor, Container } from '@mantine/core';
import { Link, Outlet } from 'react-router-dom';
import { FieldBidLogo } from '#app/ui/fieldbid-logo.tsx';

/** The frame of the public pages outside the auth layout: the application wizards, the panorama demo, Schedule a Visit and the legal pages. */
export function PublicPageLayout() {
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Anchor
        component={Link}
        to="/"
        underline="never"
        aria-label="FieldBid home"
        display="inline-block"
        mb="xl"
      >
        <FieldBidLogo />
      </Anchor>
      <main>
        <Outlet />
      </main>
    </Container>
  );
}
