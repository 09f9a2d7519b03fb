import { Anchor, Box, Center, Flex, Stack, Title } from '@mantine/core';
import { Link, Outlet } from 'react-router-dom';
import { FieldBidLogo } from '#app/ui/fieldbid-logo.tsx';

/**
 * The layout of the login, sign-up and account pages (public spec, section 2): the logo and the page
 * on the left, the tagline on a brand panel on the right, on wide screens only.
 */
export function AuthLayout() {
  return (
    <Flex mih="100dvh">
      <Stack w={{ base: '100%', md: '50%' }} p={{ base: 'md', sm: 'xl' }} gap="xl">
        <Anchor component={Link} to="/" underline="never" w="fit-content" aria-label="FieldBid home">
          <FieldBidLogo />
        </Anchor>
        <Center flex={1} component="main">
          <Box w="100%" maw={440} pb="xl">
            <Outlet />
          </Box>
        </Center>
      </Stack>
      <Center
        visibleFrom="md"
        w="50%"
        p="xl"
        style={{
          background:
            'linear-gradient(150deg, var(--mantine-color-fieldbid-7) 0%, var(--mantine-color-fieldbid-9) 100%)',
        }}
      >
        <Title order={2} c="white" ta="center" maw={420} fz={36} lh={1.25}>
          Connect, Grow, and Excel with FieldBid
        </Title>
      </Center>
    </Flex>
  );
}
