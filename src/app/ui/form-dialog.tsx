import { type MantineSpacing, Modal, type ModalProps, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { DialogActions } from './dialog-actions.tsx';
import { ErrorAlert } from './error-alert.tsx';
import { showToast } from './toast.ts';

/**
 * A create-or-edit dialog: the form's fields under the alert of a refused save, then Cancel and the
 * submit button. Validation and the save itself are the caller's (useEditDialog, useSaveErrors).
 * `boldTitle` is the staff console's larger bold title; `zIndex` lifts it above another open dialog.
 */
export function FormDialog({
  opened = true,
  onClose,
  title,
  boldTitle,
  size,
  zIndex,
  gap = 'md',
  onSubmit,
  alert,
  submitLabel,
  busy,
  children,
}: {
  opened?: boolean;
  onClose: () => void;
  title: string;
  boldTitle?: boolean;
  size?: ModalProps['size'];
  zIndex?: number;
  gap?: MantineSpacing;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  alert: string | null;
  submitLabel: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size={size}
      zIndex={zIndex}
      styles={boldTitle ? { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } } : undefined}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap={gap}>
          {alert ? <ErrorAlert>{alert}</ErrorAlert> : null}
          {children}
          <DialogActions submitLabel={submitLabel} busy={busy} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

/** After a save: the green toast `message`, then the dialog closes. */
export function toastThenClose(message: string, onClose: () => void) {
  showToast({ color: 'green', message });
  onClose();
}
