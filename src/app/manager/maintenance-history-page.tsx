import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconPrinter } from '@tabler/icons-react';
import { useParams } from 'react-router-dom';
import { useSelectedProperty } from '#app/properties/selected-property-context.tsx';
import { CenteredLoader } from '#app/ui/centered-loader.tsx';
import { ErrorAlert } from '#app/ui/error-alert.tsx';
import { ScreenTitle } from '#app/ui/screen-title.tsx';
import { historyCsvUrl, usePropertyHistory } from './api.ts';
import { HistoryJobCard } from './history-job-card.tsx';
import classes from './maintenance-history.module.css';

/**
 * /property-manager/:projectId/history: every completed job of one property, kept as its maintenance
 * history (DESIGN.md, "Beyond the spec"), printable and exportable as CSV.
 */
export function MaintenanceHistoryPage() {
  const { projectId = '' } = useParams();
  const history = usePropertyHistory(projectId);
  const { projects } = useSelectedProperty();
  const name = projects.find((project) => String(project.id) === projectId)?.name ?? `Property #${projectId}`;

  return (
    <Stack gap="md" className={classes.page}>
      <ScreenTitle>{`Maintenance History: ${name}`}</ScreenTitle>
      <Group gap="sm" className={classes.noPrint}>
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={() => window.print()}
        >
          Print
        </Button>
        <Button
          component="a"
          href={historyCsvUrl(projectId)}
          download
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        >
          Export CSV
        </Button>
      </Group>
      {history.isPending ? (
        <CenteredLoader label="Loading the history" />
      ) : history.isError ? (
        <ErrorAlert>The history could not be loaded: {history.error.message}</ErrorAlert>
      ) : history.data.length === 0 ? (
        <Text c="dimmed">No completed jobs for this property yet.</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {history.data.length} completed job{history.data.length === 1 ? '' : 's'}
          </Text>
          {history.data.map((job) => (
            <HistoryJobCard key={job.id} job={job} />
          ))}
        </>
      )}
    </Stack>
  );
}
