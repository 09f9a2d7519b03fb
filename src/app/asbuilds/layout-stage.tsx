import { Center, Loader, Text } from '@mantine/core';
import type { RefObject } from 'react';
import classes from './plan-stage.module.css';
import type { ViewerLoad } from './use-interactive-viewer.ts';

function StageMessage({ children, alert }: { children: React.ReactNode; alert?: boolean }) {
  return (
    <Center
      pos="absolute"
      p="md"
      ta="center"
      role={alert ? 'alert' : 'status'}
      style={{ inset: 0, background: 'rgba(255, 255, 255, 0.7)' }}
    >
      {children}
    </Center>
  );
}

/**
 * The frame of the floor plan: the framework-free viewer (src/viewer, loaded from /static/) draws
 * the plan, pins and polygons inside `hostRef`; React only says what is missing meanwhile.
 */
export function LayoutStage({
  hostRef,
  load,
  hasLayout,
  emptyText,
}: {
  hostRef: RefObject<HTMLDivElement | null>;
  load: ViewerLoad;
  hasLayout: boolean;
  /** Shown while there is no layout to draw (loading, or none yet). */
  emptyText: string;
}) {
  return (
    <div className={`${classes.stage} ${classes.large}`}>
      <div ref={hostRef} className={classes.host} />
      {load === 'failed' ? (
        <StageMessage alert>
          <Text size="sm">
            The plan viewer could not be loaded. Check the connection and reload the page.
          </Text>
        </StageMessage>
      ) : !hasLayout ? (
        <StageMessage>
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        </StageMessage>
      ) : load === 'loading' ? (
        <StageMessage>
          <Loader size="sm" aria-label="Loading the plan viewer" />
        </StageMessage>
      ) : null}
    </div>
  );
}
