import { ActionIcon, Button, Group, Menu, SegmentedControl, Select, Tooltip } from '@mantine/core';
import {
  IconChevronDown,
  IconDownload,
  IconEdit,
  IconMapPinPlus,
  IconPhotoPlus,
  IconPolygon,
  IconRuler2,
  IconTrash,
  IconVectorTriangle,
  IconWorldShare,
  IconZoomIn,
  IconZoomOut,
  IconZoomReset,
} from '@tabler/icons-react';
import type { LayoutView } from '#shared/documentation.ts';
import type { InteractiveViewer, ViewerMode } from '#viewer/viewer-api.ts';

/** The viewer's zoom; absent until its scripts have loaded. */
type ZoomControls = Pick<InteractiveViewer, 'zoomIn' | 'zoomOut' | 'reset'> | null;

function ZoomButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The file name a downloaded layout gets: "Level 1.png". */
function downloadName(layout: LayoutView): string {
  const extension = layout.content_type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png';
  return `${layout.name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'layout'}.${extension}`;
}

/**
 * Layout selector, zoom, download, and the measure tools (signed-in spec, "Project as-builds page").
 * The measure tools start hidden; "Measure" reveals them (the spec leaves open how).
 */
export function ViewerToolbar({
  layouts,
  loading,
  layout,
  onLayoutChange,
  zoom,
  toolsShown,
  onToggleTools,
  mode,
  onModeChange,
  canClose,
  hasCurrent,
  onNewPolygon,
  onClosePolygon,
  onClearCurrent,
  editor,
}: {
  layouts: LayoutView[];
  loading: boolean;
  layout: LayoutView | null;
  onLayoutChange: (layoutId: number) => void;
  zoom: ZoomControls;
  toolsShown: boolean;
  onToggleTools: () => void;
  mode: ViewerMode;
  onModeChange: (mode: ViewerMode) => void;
  canClose: boolean;
  hasCurrent: boolean;
  onNewPolygon: () => void;
  onClosePolygon: () => void;
  onClearCurrent: () => void;
  /** For the documentation's writers (managers of the client, staff); absent for readers. */
  editor?: {
    onAddLayout: () => void;
    onEditLayout: () => void;
    onDeleteLayout: () => void;
    onAddPhoto: () => void;
    onShareLayout: () => void;
  };
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Layout"
        w={{ base: '100%', xs: 220 }}
        data={layouts.map((item) => ({ value: String(item.id), label: item.name }))}
        value={layout ? String(layout.id) : null}
        onChange={(value) => value && onLayoutChange(Number(value))}
        placeholder={loading ? 'Loading layouts...' : 'No layouts'}
        disabled={loading || layouts.length === 0}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Group gap={6} wrap="nowrap">
        <ZoomButton label="Zoom in" onClick={() => zoom?.zoomIn()}>
          <IconZoomIn size={18} aria-hidden />
        </ZoomButton>
        <ZoomButton label="Zoom out" onClick={() => zoom?.zoomOut()}>
          <IconZoomOut size={18} aria-hidden />
        </ZoomButton>
        <ZoomButton label="Reset view" onClick={() => zoom?.reset()}>
          <IconZoomReset size={18} aria-hidden />
        </ZoomButton>
      </Group>
      {layout && (
        <Button
          component="a"
          href={layout.url}
          download={downloadName(layout)}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Download layout
        </Button>
      )}
      {editor && (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
              Edit documentation
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPhotoPlus size={16} aria-hidden />} onClick={editor.onAddLayout}>
              Add layout
            </Menu.Item>
            {layout && (
              <>
                <Menu.Item leftSection={<IconMapPinPlus size={16} aria-hidden />} onClick={editor.onAddPhoto}>
                  Add in-wall photo
                </Menu.Item>
                <Menu.Item leftSection={<IconEdit size={16} aria-hidden />} onClick={editor.onEditLayout}>
                  Rename or set scale
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconWorldShare size={16} aria-hidden />}
                  onClick={editor.onShareLayout}
                >
                  Share on a website
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={editor.onDeleteLayout}
                >
                  Delete layout
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
      <Button
        variant={toolsShown ? 'filled' : 'default'}
        leftSection={<IconRuler2 size={16} aria-hidden />}
        aria-expanded={toolsShown}
        aria-controls="measure-tools"
        onClick={onToggleTools}
        disabled={!layout}
      >
        {toolsShown ? 'Hide measure tools' : 'Measure'}
      </Button>
      {toolsShown && (
        <Group gap="sm" id="measure-tools" wrap="wrap" w={{ base: '100%', md: 'auto' }}>
          <SegmentedControl
            aria-label="Mode"
            value={mode === 'measure' ? 'measure' : 'view'}
            onChange={(value) => onModeChange(value as ViewerMode)}
            data={[
              { value: 'view', label: 'View mode' },
              { value: 'measure', label: 'Measure mode' },
            ]}
          />
          <Button
            variant="light"
            leftSection={<IconVectorTriangle size={16} aria-hidden />}
            onClick={onNewPolygon}
          >
            New polygon
          </Button>
          <Button
            variant="light"
            leftSection={<IconPolygon size={16} aria-hidden />}
            onClick={onClosePolygon}
            disabled={!canClose}
          >
            Close polygon
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onClearCurrent}
            disabled={!hasCurrent}
          >
            Clear current
          </Button>
        </Group>
      )}
    </Group>
  );
}
