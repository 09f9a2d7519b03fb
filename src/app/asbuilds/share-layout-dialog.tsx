import { Button, CopyButton, Loader, Modal, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import type { LayoutView } from '#shared/documentation.ts';
import { embedSnippet } from '#shared/viewer-assets.ts';
import { useLayoutShare, useSetLayoutShare } from './share-api.ts';

/**
 * "Share on a website": turns the layout's public read-only embed on or off, and gives the snippet
 * for the property's own site (docs/decisions/shared-plans-and-360.md, "Shared plans"). Turning it off stops every
 * copy of the snippet; turning it on again makes a new one.
 */
export function ShareLayoutDialog({ layout, onClose }: { layout: LayoutView; onClose: () => void }) {
  const share = useLayoutShare(layout.id);
  const setShare = useSetLayoutShare(layout.id);
  const token = share.data?.token ?? null;
  const snippet = token ? embedSnippet(window.location.origin, token) : '';

  return (
    <Modal opened onClose={onClose} title="Share on a website" size="lg">
      <Stack gap="md">
        <Text size="sm">
          Put {layout.name} on the property's own website, read-only. Anyone who can open that page sees the
          plan, its scale, where the photos were taken with their captions, and the kept polygons; not the
          photos themselves, nor anything else about the property.
        </Text>
        {share.isPending ? (
          <Loader size="sm" aria-label="Loading the share" />
        ) : share.isError ? (
          <ErrorAlert>The share could not be loaded: {share.error.message}</ErrorAlert>
        ) : (
          <Switch
            label="Public read-only embed"
            // Shows the asked state while the server answers.
            checked={setShare.isPending ? setShare.variables : token !== null}
            disabled={setShare.isPending}
            onChange={(event) => setShare.mutate(event.currentTarget.checked)}
          />
        )}
        {setShare.isError && <ErrorAlert>The share was not changed: {setShare.error.message}</ErrorAlert>}
        {token && (
          <>
            <Textarea
              label="Embed code"
              description="Paste it into the page where the plan should show."
              value={snippet}
              readOnly
              autosize
              minRows={4}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={snippet}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  w="fit-content"
                  onClick={copy}
                  leftSection={
                    copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                  }
                >
                  {copied ? 'Copied' : 'Copy embed code'}
                </Button>
              )}
            </CopyButton>
          </>
        )}
      </Stack>
    </Modal>
  );
}
