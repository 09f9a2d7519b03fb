import { Button, NumberInput, Paper, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconCopy, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { MAX_POLYGON_NAME, type PointView } from '#shared/documentation.ts';
import {
  coordinatesCsv,
  formatArea,
  formatLength,
  measurePolygon,
  polygonPerimeterPx,
} from '#shared/polygon-geometry.ts';
import classes from './asbuilds.module.css';

export interface PanelPolygon {
  label: string;
  points: PointView[];
  closed: boolean;
  /** Drafts and a closed current polygon can be kept on the server by editors. */
  keepable: boolean;
}

/**
 * The Polygon Coordinates panel: the selected polygon's points in layout pixels, its area and
 * perimeter, 'Copy Coordinates' (CSV), and for editors a name and "Keep polygon".
 */
export function PolygonCoordinatesPanel({
  polygon,
  feetPerPixel,
  canEdit,
  keeping,
  keepErrors,
  onKeep,
  onSetScale,
}: {
  polygon: PanelPolygon | null;
  feetPerPixel: number | null;
  canEdit: boolean;
  keeping: boolean;
  keepErrors: Record<string, string[]>;
  onKeep: (name: string) => void;
  /** Calibrates the layout from a measured line of known length (feet per pixel). */
  onSetScale: (feetPerPixel: number) => void;
}) {
  const clipboard = useClipboard({ timeout: 2500 });
  const [name, setName] = useState('');
  const [knownFeet, setKnownFeet] = useState<number | string>('');
  // Two points measure a line: a known wall length turns it into the layout's scale.
  const lineLengthPx =
    polygon && !polygon.closed && polygon.points.length === 2 ? polygonPerimeterPx(polygon.points, false) : 0;
  const csv = polygon ? coordinatesCsv(polygon.points, feetPerPixel) : '';
  const measures = polygon ? measurePolygon(polygon.points, feetPerPixel, polygon.closed) : null;

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="polygon-coordinates-title">
      <Stack gap="xs">
        <Title order={2} fz="h5" id="polygon-coordinates-title">
          Polygon Coordinates
        </Title>
        {!polygon || polygon.points.length === 0 ? (
          <Text size="sm" c="dimmed">
            Choose Measure, then Measure mode, and click the plan to place points. Close the polygon to see
            its area.
          </Text>
        ) : (
          <>
            <Text size="sm" fw={600}>
              {polygon.label}
            </Text>
            {measures && (
              <Text size="sm" aria-live="polite">
                {polygon.closed ? `Area ${formatArea(measures)} · ` : ''}
                {polygon.closed ? 'Perimeter' : 'Length'} {formatLength(measures)} · {polygon.points.length}{' '}
                point{polygon.points.length === 1 ? '' : 's'}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              Each point is measured in pixels from the top-left corner of the plan image.
            </Text>
            <div className={classes.coordinates}>
              <Table striped withTableBorder fz="xs" verticalSpacing={2}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Point</Table.Th>
                    <Table.Th>From left</Table.Th>
                    <Table.Th>From top</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {polygon.points.map((point, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a point's place in the outline is its identity
                    <Table.Tr key={index}>
                      <Table.Td>{index + 1}</Table.Td>
                      <Table.Td>{point.x}</Table.Td>
                      <Table.Td>{point.y}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
            <Button
              variant="default"
              leftSection={
                clipboard.copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
              }
              onClick={() => clipboard.copy(csv)}
            >
              {clipboard.copied ? 'Copied' : 'Copy Coordinates'}
            </Button>
            {clipboard.error && (
              // Clipboard access is refused on plain-HTTP sites and in some browsers: the text stays reachable.
              <Textarea
                label="Copying was refused by the browser; select and copy the coordinates here"
                value={csv}
                readOnly
                autosize
                maxRows={6}
                onFocus={(event) => event.currentTarget.select()}
              />
            )}
            {canEdit && lineLengthPx > 0 && (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  const feet = Number(knownFeet);
                  if (feet > 0) onSetScale(feet / lineLengthPx);
                }}
              >
                <Stack gap="xs">
                  <NumberInput
                    label="Real length of this line (ft)"
                    description="Measure a wall of known length to set the layout's scale."
                    min={0}
                    decimalScale={2}
                    allowNegative={false}
                    value={knownFeet}
                    onChange={setKnownFeet}
                  />
                  <Button type="submit" variant="light" disabled={!(Number(knownFeet) > 0)}>
                    Set scale
                  </Button>
                </Stack>
              </form>
            )}
            {canEdit && polygon.keepable && (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  onKeep(name);
                }}
              >
                <Stack gap="xs">
                  <TextInput
                    label="Name"
                    placeholder="e.g. Unit 101 kitchen"
                    value={name}
                    onChange={(event) => setName(event.currentTarget.value)}
                    maxLength={MAX_POLYGON_NAME}
                    error={keepErrors.name?.[0] ?? keepErrors.points?.[0]}
                  />
                  <Button
                    type="submit"
                    loading={keeping}
                    leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                  >
                    Keep polygon
                  </Button>
                </Stack>
              </form>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
