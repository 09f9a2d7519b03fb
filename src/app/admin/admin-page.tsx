import { Anchor, Button, Container, Group, NavLink, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { IconLogout } from '@tabler/icons-react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useAuthStatus, userOf } from '#app/auth/api.ts';
import { useKeepAppOffline } from '#app/auth/use-keep-app-offline.ts';
import { useSignOut } from '#app/auth/use-sign-out.ts';
import { FieldBidLogo } from '#app/ui/fieldbid-logo.tsx';
import classes from './admin.module.css';
import { ADMIN_SECTIONS } from './admin-sections.tsx';

const HOME = ADMIN_SECTIONS[0]!.path;

/** /admin/*: the staff console (staff and superusers only, behind the guard): a menu of sections. */
export function AdminPage() {
  const { signOut, pending } = useSignOut();
  const { pathname } = useLocation();
  const superuser = userOf(useAuthStatus().data)?.is_superuser ?? false;
  useKeepAppOffline();
  // Other staff get neither the link nor the route of a superuser-only section (it falls to HOME).
  const sections = ADMIN_SECTIONS.filter((section) => superuser || !section.superuserOnly);
  const current = sections.find((section) => pathname.startsWith(section.path));
  useDocumentTitle(`${current ? `${current.label} · ` : ''}Admin · FieldBid`);

  return (
    // The signed-in layout's ModalsProvider does not reach the console: confirm dialogs need their own.
    <ModalsProvider>
      <Container size="xl" py={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" mb="lg" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Anchor
              component={Link}
              to={HOME}
              underline="never"
              aria-label="FieldBid admin home"
              display="inline-flex"
            >
              <FieldBidLogo />
            </Anchor>
            <Title order={1} fz={{ base: 'lg', sm: 'h3' }} c="dimmed" fw={600}>
              Admin
            </Title>
          </Group>
          <Button
            variant="default"
            onClick={signOut}
            loading={pending}
            leftSection={<IconLogout size={16} aria-hidden />}
          >
            Logout
          </Button>
        </Group>
        <div className={classes.body}>
          <nav aria-label="Admin sections" className={classes.nav}>
            {sections.map((section) => {
              const active = section === current;
              return (
                <NavLink
                  key={section.slug}
                  component={Link}
                  to={section.path}
                  label={section.label}
                  leftSection={<section.icon size={18} stroke={1.6} aria-hidden />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  className={classes.link}
                />
              );
            })}
          </nav>
          <main>
            <Routes>
              <Route index element={<Navigate to={HOME} replace />} />
              {sections.map((section) => (
                <Route key={section.slug} path={`${section.slug}/*`} element={<section.Component />} />
              ))}
              <Route path="*" element={<Navigate to={HOME} replace />} />
            </Routes>
          </main>
        </div>
      </Container>
    </ModalsProvider>
  );
}
