import { Button, Modal, NumberInput, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconCar, IconDoorExit, IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { PhotoPicker } from '#app/ui/photo-picker.tsx';
import { showToast } from '#app/ui/toast.ts';
import { REQUEST_PHOTO_MESSAGES } from '#shared/request-schemas.ts';
import {
  leftInputSchema,
  MAX_VISIT_PHOTO_BYTES,
  MAX_VISIT_PHOTOS,
  onMyWayInputSchema,
  type Visit,
} from '#shared/visit-schemas.ts';
import { lifecycleErrorMessage } from './lifecycle-error.ts';
import { photoProblem } from './photo-rules.ts';
import { offeredSteps, type PendingSteps } from './visit-pending-steps.ts';
import { askPosition } from './visit-position.ts';
import { TOUCH_INPUT } from './visit-windows-form.tsx';
import {
  submitArrived,
  submitLeft,
  submitOnMyWay,
  useVisitStep,
  type VisitStep,
  type VisitStepResult,
} from './visits-api.ts';

export const STEP_QUEUED_MESSAGE = 'Saved on this device; it will be sent when you are back online.';

const SENT_MESSAGES: Record<VisitStep, string> = {
  on_my_way: 'The property manager can see you are on the way.',
  arrived: 'Your arrival is recorded.',
  left: 'The visit is recorded as done.',
};

function toastFor(step: VisitStep, result: VisitStepResult) {
  showToast(
    result.kind === 'queued'
      ? { color: 'blue', title: 'Saved on this phone', message: STEP_QUEUED_MESSAGE }
      : { color: 'green', message: SENT_MESSAGES[step] },
  );
}

const PHOTO_LIMITS = {
  maxFiles: MAX_VISIT_PHOTOS,
  maxBytes: MAX_VISIT_PHOTO_BYTES,
  messages: {
    count: `Attach at most ${MAX_VISIT_PHOTOS} photos.`,
    size: 'Each photo must be 10 MB or smaller.',
    type: REQUEST_PHOTO_MESSAGES.type,
  },
};

/**
 * The awarded vendor's buttons on a confirmed visit, in the order of the day: On my way (minutes
 * until arrival), Arrived (the position, only when tapped) and Left (note, another visit, photos).
 * Each is recorded with the moment of the tap and goes through the outbox.
 */
export function VisitSteps({ visit, pending }: { visit: Visit; pending: PendingSteps }) {
  const [dialog, setDialog] = useState<{ step: 'on_my_way' | 'left'; at: string } | null>(null);
  const arrived = useVisitStep(visit, submitArrived);
  const offered = offeredSteps(visit, pending);
  if (offered.length === 0) return null;

  const tapArrived = async () => {
    // The moment of the tap, before the phone looks for its position.
    const at = new Date().toISOString();
    const position = await askPosition();
    arrived.mutate({ at, ...(position ?? {}) }, { onSuccess: (result) => toastFor('arrived', result) });
  };

  return (
    <Stack gap="sm" data-testid="visit-steps">
      {arrived.isError ? <ErrorAlert>{lifecycleErrorMessage(arrived.error)}</ErrorAlert> : null}
      {offered.includes('on_my_way') ? (
        <Button
          size="lg"
          fullWidth
          leftSection={<IconCar size={22} aria-hidden />}
          onClick={() => setDialog({ step: 'on_my_way', at: new Date().toISOString() })}
        >
          On my way
        </Button>
      ) : null}
      {offered.includes('arrived') ? (
        <Stack gap={4}>
          <Button
            size="lg"
            fullWidth
            color="teal"
            leftSection={<IconMapPin size={22} aria-hidden />}
            loading={arrived.isPending}
            onClick={() => void tapArrived()}
          >
            Arrived
          </Button>
          <Text size="xs" c="dimmed">
            Arrived asks for your phone's position. It is used only to measure your distance from the property
            and is not stored. You can refuse; the arrival is recorded anyway.
          </Text>
        </Stack>
      ) : null}
      {offered.includes('left') ? (
        <Button
          size="lg"
          fullWidth
          color="grape"
          leftSection={<IconDoorExit size={22} aria-hidden />}
          onClick={() => setDialog({ step: 'left', at: new Date().toISOString() })}
        >
          Left
        </Button>
      ) : null}
      {dialog?.step === 'on_my_way' ? (
        <OnMyWayDialog visit={visit} at={dialog.at} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.step === 'left' ? (
        <LeftDialog visit={visit} at={dialog.at} onClose={() => setDialog(null)} />
      ) : null}
    </Stack>
  );
}

function OnMyWayDialog({ visit, at, onClose }: { visit: Visit; at: string; onClose: () => void }) {
  const [minutes, setMinutes] = useState<number | string>(20);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useVisitStep(visit, submitOnMyWay);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = { at, eta_minutes: typeof minutes === 'number' ? minutes : Number.NaN };
    const checked = onMyWayInputSchema.safeParse(input);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Enter the minutes until you arrive.');
      return;
    }
    send.mutate(checked.data, {
      onSuccess: (result) => {
        toastFor('on_my_way', result);
        onClose();
      },
    });
  };
  return (
    <Modal opened onClose={onClose} title="On my way" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {send.isError ? <ErrorAlert>{lifecycleErrorMessage(send.error)}</ErrorAlert> : null}
          <NumberInput
            label="Minutes until you arrive"
            min={1}
            max={600}
            allowDecimal={false}
            hideControls
            size="md"
            styles={TOUCH_INPUT}
            value={minutes}
            onChange={setMinutes}
            error={problem}
            data-autofocus
          />
          <Button type="submit" size="lg" fullWidth loading={send.isPending}>
            Send
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}

function LeftDialog({ visit, at, onClose }: { visit: Visit; at: string; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [another, setAnother] = useState(false);
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ note?: string; photos?: string }>({});
  const send = useVisitStep(
    visit,
    (target, input: { at: string; note: string; another: boolean; photos: File[] }) =>
      submitLeft(
        target,
        { at: input.at, note: input.note, another_visit_needed: input.another },
        input.photos,
      ),
  );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = leftInputSchema.safeParse({ at, note: note.trim(), another_visit_needed: another });
    const photoError = photoProblem(photos, PHOTO_LIMITS);
    const noteError = checked.success ? undefined : checked.error.issues[0]?.message;
    if (noteError || photoError) {
      setErrors({ ...(noteError ? { note: noteError } : {}), ...(photoError ? { photos: photoError } : {}) });
      return;
    }
    send.mutate(
      { at, note: note.trim(), another, photos },
      {
        onSuccess: (result) => {
          toastFor('left', result);
          onClose();
        },
      },
    );
  };
  const failure =
    send.error instanceof DOMException
      ? 'A photo could not be read. Choose another photo.'
      : lifecycleErrorMessage(send.error);
  return (
    <Modal opened onClose={onClose} title="Left the property" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {send.isError ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <Textarea
            label="What was done (optional)"
            autosize
            minRows={3}
            maxLength={2000}
            size="md"
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={errors.note}
          />
          <Switch
            label="Another visit needed?"
            size="md"
            checked={another}
            onChange={(event) => setAnother(event.currentTarget.checked)}
            styles={{ root: { minHeight: 44, display: 'flex', alignItems: 'center' } }}
          />
          <PhotoPicker
            label="Photos of the visit"
            value={photos}
            onChange={setPhotos}
            error={errors.photos}
          />
          <Button type="submit" size="lg" fullWidth loading={send.isPending}>
            Send
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
