import { Center, Loader, Text } from '@mantine/core';
import type { RefObject } from 'react';
import classes from './plan-stage.module.css';
import type { ViewerLoad } from './use-interactive-viewer.ts';

/** The frame of a request's plan (picker or excerpt): the viewer draws inside `hostRef`. */
export function SpotStage({
  hostRef,
  load,
}: {
  hostRef: RefObject<HTMLDivElement | null>;
  load: ViewerLoad;
}) {
  return (
    <div className={`${classes.stage} ${classes.small}`}>
      <div ref={hostRef} className={classes.host} />
      {load !== 'ready' && (
        <Center
          pos="absolute"
          p="md"
          ta="center"
          role={load === 'failed' ? 'alert' : 'status'}
          style={{ inset: 0 }}
        >
          {load === 'failed' ? (
            <Text size="sm">
              The plan viewer could not be loaded. Check the connection and reload the page.
            </Text>
          ) : (
            <Loader size="sm" aria-label="Loading the plan viewer" />
          )}
        </Center>
      )}
    </div>
  );
}
