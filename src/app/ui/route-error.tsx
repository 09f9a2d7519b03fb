import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode, useEffect } from 'react';

/**
 * The routes' error screen. The usual cause in production is a screen chunk from an older build that
 * the server no longer has (a deploy while the tab was open): reloading fetches the new build.
 */
export function RouteError({ error }: { error: unknown }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" ta="center" maw={420}>
        <Title order={1} fz="h2">
          Something went wrong
        </Title>
        <Text c="dimmed">This page could not be shown. Reloading usually fixes it.</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}

interface BoundaryProps {
  /** The router's location: moving elsewhere leaves the error behind. */
  location: object;
  children: ReactNode;
}

interface BoundaryState {
  /** What was thrown, if anything was: `{ error }` (anything can be thrown, undefined too). */
  thrown: { error: unknown } | null;
  /** The location it was thrown at. */
  location: object;
}

/** Shows the error screen in place of the routes when a screen throws or its chunk fails to load. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { thrown: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { thrown: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { thrown: null, location: props.location };
  }

  override render() {
    return this.state.thrown ? <RouteError error={this.state.thrown.error} /> : this.props.children;
  }
}
