import { Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { LayoutView } from '#shared/documentation.ts';
import type { SpotInput } from '#shared/request-spot.ts';
import { canClose } from '#viewer/drawing-state.ts';
import { SpotStage } from './spot-stage.tsx';
import { useInteractiveViewer } from './use-interactive-viewer.ts';

type PickMode = 'spot' | 'area';

/**
 * "Location on the floor plan" of a new request: choose a layout of the property, click
 * the spot, and optionally draw the affected area (the viewer's measure mode: click the corners,
 * then Close area). Optional: nothing is sent until a spot is clicked. Shows nothing when the
 * property has no layouts.
 */
export function SpotPicker({
  layouts,
  value,
  onChange,
  error,
}: {
  layouts: readonly LayoutView[];
  value: SpotInput | null;
  onChange: (spot: SpotInput | null) => void;
  error?: React.ReactNode;
}) {
  const [layoutId, setLayoutId] = useState<number | null>(value?.layout_id ?? null);
  const layout = layouts.find((item) => item.id === layoutId) ?? null;
  // The viewer mounts into its host once, on mount: the stage exists only with a layout chosen, so
  // it lives in its own component, made afresh for each layout.
  return (
    <SpotPickerFrame
      key={layoutId ?? 'none'}
      layouts={layouts}
      layout={layout}
      layoutId={layoutId}
      setLayoutId={setLayoutId}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

function SpotPickerFrame({
  layouts,
  layout,
  layoutId,
  setLayoutId,
  value,
  onChange,
  error,
}: {
  layouts: readonly LayoutView[];
  layout: LayoutView | null;
  layoutId: number | null;
  setLayoutId: (id: number | null) => void;
  value: SpotInput | null;
  onChange: (spot: SpotInput | null) => void;
  error?: React.ReactNode;
}) {
  const [mode, setMode] = useState<PickMode>('spot');
  // The parent's callback may change on every render; the effects below call the latest one.
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  });
  const { hostRef, viewer, state, load } = useInteractiveViewer({
    onPlace: (point) => {
      if (layout)
        onChange({ layout_id: layout.id, x: round(point.x), y: round(point.y), area: value?.area ?? null });
    },
  });

  // A layout that disappeared (another property chosen) takes the spot with it.
  useEffect(() => {
    if (layoutId !== null && !layouts.some((item) => item.id === layoutId)) {
      setLayoutId(null);
      change.current(null);
    }
  }, [layouts, layoutId, setLayoutId]);

  useEffect(() => {
    viewer?.setLayout(
      layout
        ? {
            id: layout.id,
            name: layout.name,
            url: layout.url,
            width_px: layout.width_px,
            height_px: layout.height_px,
            pins: [],
            polygons: [],
            // The area being drawn is the viewer's own polygon; the spot is drawn from the value.
            spot: value ? { x: value.x, y: value.y, area: null } : null,
          }
        : null,
    );
  }, [viewer, layout, value]);

  useEffect(() => viewer?.setMode(mode === 'spot' ? 'place' : 'measure'), [viewer, mode]);

  // A closed outline is the area (rounded like the spot: a tenth of a pixel); anything else is none yet.
  const drawing = state.drawing;
  const areaText = drawing.closed
    ? JSON.stringify(drawing.current.map((point) => ({ x: round(point.x), y: round(point.y) })))
    : 'null';
  useEffect(() => {
    if (value && JSON.stringify(value.area) !== areaText)
      change.current({ ...value, area: JSON.parse(areaText) });
  }, [areaText, value]);

  if (layouts.length === 0) return null;
  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500}>
          Location on the floor plan (optional)
        </Text>
        <Text size="xs" c="dimmed">
          Choose a layout and click where the problem is; vendors see it with the photos behind that wall.
        </Text>
      </div>
      <Select
        label="Layout"
        placeholder="No location"
        clearable
        data={layouts.map((item) => ({ value: String(item.id), label: item.name }))}
        value={layoutId === null ? null : String(layoutId)}
        onChange={(next) => {
          setLayoutId(next === null ? null : Number(next));
          setMode('spot');
          viewer?.clearCurrent();
          onChange(null);
        }}
        error={error}
      />
      {layout && (
        <>
          <Group gap="xs" wrap="wrap">
            <SegmentedControl
              aria-label="What a click on the plan does"
              value={mode}
              onChange={(next) => setMode(next as PickMode)}
              data={[
                { value: 'spot', label: 'Mark the spot' },
                { value: 'area', label: 'Draw the area' },
              ]}
            />
            {mode === 'area' && (
              <>
                <Button
                  variant="default"
                  size="sm"
                  disabled={!canClose(drawing)}
                  onClick={() => viewer?.closePolygon()}
                >
                  Close area
                </Button>
                <Button
                  variant="subtle"
                  size="sm"
                  disabled={drawing.current.length === 0}
                  onClick={() => viewer?.clearCurrent()}
                >
                  Clear area
                </Button>
              </>
            )}
          </Group>
          <Text size="sm" role="status" c={value ? undefined : 'dimmed'}>
            {spotStatus(value, mode, drawing.current.length, drawing.closed)}
          </Text>
          <SpotStage hostRef={hostRef} load={load} />
        </>
      )}
    </Stack>
  );
}

const round = (value: number) => Math.round(value * 10) / 10;

function spotStatus(value: SpotInput | null, mode: PickMode, points: number, closed: boolean): string {
  const spot = value ? 'Spot marked.' : 'Click the plan to mark the spot.';
  if (mode === 'spot') return value?.area ? `${spot} Area drawn (${value.area.length} corners).` : spot;
  if (closed) return `${spot} Area drawn (${points} corners).`;
  return `${spot} Click the corners of the affected area, then Close area (${points} so far).`;
}
