import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { spotViewerLayout } from '#app/asbuilds/spot-layout.ts';
import { SpotStage } from '#app/asbuilds/spot-stage.tsx';
import { useInteractiveViewer } from '#app/asbuilds/use-interactive-viewer.ts';
import { LINE_ITEM_UNIT_LABELS } from '#shared/line-item-units.ts';
import type { RequestSpot } from '#shared/request-spot.ts';
import { canClose } from '#viewer/drawing-state.ts';
import classes from './measure-on-plan.module.css';
import {
  isCalibrated,
  MEASURED_DESCRIPTION,
  type MeasuredQuantity,
  type MeasureKind,
  measuredQuantity,
} from './measured-quantity.ts';

export interface MeasuredLine extends MeasuredQuantity {
  description: string;
}

export interface MeasureOnPlanProps {
  opened: boolean;
  spot: RequestSpot;
  onAdd: (line: MeasuredLine) => void;
  onClose: () => void;
}

/**
 * "Measure on the plan": the request's layout with its spot and area, in the viewer's
 * measure mode; taps (not drags) add points, two fingers zoom. An area or a line becomes a line item.
 */
export function MeasureOnPlan({ opened, spot, onAdd, onClose }: MeasureOnPlanProps) {
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Measure on the plan"
      size="xl"
      fullScreen={narrow}
      zIndex={310}
      styles={{ title: { fontWeight: 700 } }}
    >
      {opened ? <MeasureView spot={spot} onAdd={onAdd} onClose={onClose} /> : null}
    </Modal>
  );
}

function MeasureView({ spot, onAdd, onClose }: Omit<MeasureOnPlanProps, 'opened'>) {
  const calibrated = isCalibrated(spot.layout.feet_per_pixel);
  const [kind, setKind] = useState<MeasureKind>('area');
  const [description, setDescription] = useState(MEASURED_DESCRIPTION.area);
  const { hostRef, viewer, state, load } = useInteractiveViewer({});

  useEffect(() => {
    viewer?.setLayout(spotViewerLayout(spot, { pins: false }));
  }, [viewer, spot]);
  useEffect(() => viewer?.setMode(calibrated ? 'measure' : 'view'), [viewer, calibrated]);

  const drawing = state.drawing;
  const measured = measuredQuantity(
    kind,
    { points: drawing.current, closed: drawing.closed },
    spot.layout.feet_per_pixel,
  );

  const chooseKind = (next: MeasureKind) => {
    viewer?.clearCurrent();
    // A description the vendor wrote stays; the prefilled one follows the kind.
    if (description === MEASURED_DESCRIPTION[kind]) setDescription(MEASURED_DESCRIPTION[next]);
    setKind(next);
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {spot.layout.name} · the red dot marks the request's spot
        {spot.area ? ', the dashed outline its area' : ''}.
      </Text>
      {calibrated ? (
        <>
          <SegmentedControl
            className={classes.kind}
            aria-label="What to measure"
            value={kind}
            onChange={(next) => chooseKind(next as MeasureKind)}
            data={[
              { value: 'area', label: 'Area (sq ft)' },
              { value: 'length', label: 'Length (ft)' },
            ]}
            fullWidth
          />
          <Text size="sm">
            {kind === 'area'
              ? 'Tap the corners of the area, then Close area. Drag to move the plan, pinch to zoom.'
              : 'Tap the points along the line. Drag to move the plan, pinch to zoom.'}
          </Text>
        </>
      ) : (
        <Alert color="yellow" variant="light" title="This plan has no scale">
          The layout is not calibrated, so it cannot be measured. Enter the quantity yourself, or ask the
          manager to set the plan's scale.
        </Alert>
      )}
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          {calibrated && kind === 'area' ? (
            <Button
              className={classes.touch}
              variant="default"
              disabled={!canClose(drawing)}
              onClick={() => viewer?.closePolygon()}
            >
              Close area
            </Button>
          ) : null}
          {calibrated ? (
            <Button
              className={classes.touch}
              variant="subtle"
              disabled={drawing.current.length === 0}
              onClick={() => viewer?.clearCurrent()}
            >
              Clear
            </Button>
          ) : null}
        </Group>
        <Group gap={4}>
          <ActionIcon size={44} variant="default" aria-label="Zoom in" onClick={() => viewer?.zoomIn()}>
            <IconZoomIn size={20} aria-hidden />
          </ActionIcon>
          <ActionIcon size={44} variant="default" aria-label="Zoom out" onClick={() => viewer?.zoomOut()}>
            <IconZoomOut size={20} aria-hidden />
          </ActionIcon>
          <ActionIcon size={44} variant="default" aria-label="Whole plan" onClick={() => viewer?.reset()}>
            <IconZoomReset size={20} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      <SpotStage hostRef={hostRef} load={load} />
      {calibrated ? (
        <>
          <Text size="sm" fw={600} role="status" aria-live="polite">
            {measured
              ? `${kind === 'area' ? 'Area' : 'Length'}: ${measured.quantity.toLocaleString('en-US')} ${LINE_ITEM_UNIT_LABELS[measured.unit]}`
              : drawingHint(kind, drawing.current.length)}
          </Text>
          <TextInput
            label="Description"
            value={description}
            maxLength={200}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
        </>
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button className={classes.touch} variant="default" onClick={onClose}>
          Cancel
        </Button>
        {calibrated ? (
          <Button
            className={classes.touch}
            disabled={measured === null}
            onClick={() => {
              if (!measured) return;
              onAdd({ ...measured, description: description.trim() || MEASURED_DESCRIPTION[kind] });
              onClose();
            }}
          >
            Add as line item
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

function drawingHint(kind: MeasureKind, points: number): string {
  if (points === 0) return 'Nothing measured yet.';
  const so = `${points} point${points === 1 ? '' : 's'} so far`;
  return kind === 'area' ? `${so}: close the area to measure it.` : `${so}: add another point.`;
}
