import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Column } from '#app/ui/columns-table.tsx';
import { FilterChips } from '#app/ui/filter-chips.tsx';
import { ListStates } from '#app/ui/list-states.tsx';
import { Pager } from '#app/ui/pager.tsx';
import { TableOrCards } from '#app/ui/table-or-cards.tsx';
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_LABELS, type AuditEntry } from '#shared/admin-audit-log.ts';
import { formatDate, formatDateTime } from '#shared/date-display.ts';
import { LIST_SEARCH_MAX } from '#shared/list-fields.ts';
import { AdminSectionHeader } from './admin-section-header.tsx';
import { useAuditLog } from './audit-log-api.ts';
import { detailLines } from './audit-log-details.ts';
import { AuditLogFilterDialog, type AuditLogFilters } from './audit-log-filter-dialog.tsx';
import {
  type AuditLogView,
  auditLogViewParams,
  EMPTY_AUDIT_FILTERS,
  readAuditLogView,
} from './audit-log-view.ts';

const wrapAnywhere = { overflowWrap: 'anywhere' as const };
// In the table an address may break only when it cannot fit, so its column grows to hold it first.
const wrapLong = { overflowWrap: 'break-word' as const };
const timeOfDay = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
const top = () => ({ style: { verticalAlign: 'top' as const } });

function Actor({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <Text size="sm" fw={600}>
        {entry.actor.name ?? entry.actor.email}
      </Text>
      {entry.actor.name ? (
        <Text size="xs" c="dimmed" style={wrapLong}>
          {entry.actor.email}
        </Text>
      ) : null}
    </>
  );
}

/** The day over the time, so the column stays narrow. */
function When({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <Text size="sm">{formatDate(entry.created_at)}</Text>
      <Text size="xs" c="dimmed">
        {timeOfDay.format(new Date(entry.created_at))}
      </Text>
    </>
  );
}

function Target({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <Text size="xs" c="dimmed">
        {AUDIT_TARGET_LABELS[entry.target.type]} #{entry.target.id}
      </Text>
      <Text size="sm" style={wrapAnywhere}>
        {entry.target.label}
      </Text>
    </>
  );
}

function Details({ entry }: { entry: AuditEntry }) {
  const lines = detailLines(entry);
  if (lines.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={2}>
      {lines.map((line) => (
        <Text key={line} size="sm" style={wrapAnywhere} lineClamp={3} title={line}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

const COLUMNS: Column<AuditEntry>[] = [
  {
    label: 'When',
    cell: (entry) => <When entry={entry} />,
    cellProps: () => ({ style: { whiteSpace: 'nowrap', verticalAlign: 'top' } }),
  },
  { label: 'Staff member', cell: (entry) => <Actor entry={entry} />, cellProps: top },
  {
    label: 'Action',
    cell: (entry) => (
      <Text size="sm" fw={600}>
        {AUDIT_ACTION_LABELS[entry.action]}
      </Text>
    ),
    cellProps: top,
  },
  { label: 'Target', cell: (entry) => <Target entry={entry} />, cellProps: top },
  {
    label: 'Details',
    cell: (entry) => <Details entry={entry} />,
    cellProps: () => ({ style: { verticalAlign: 'top', maxWidth: 280 } }),
  },
];

/** Phones: the action and when on top, then the target, who and the details. */
function EntryCard({ entry }: { entry: AuditEntry }) {
  return (
    <Stack gap={6}>
      <div>
        <Text fw={700}>{AUDIT_ACTION_LABELS[entry.action]}</Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(entry.created_at)}
        </Text>
      </div>
      <div>
        <Target entry={entry} />
      </div>
      <Text size="sm">
        by <b>{entry.actor.name ?? entry.actor.email}</b>
        {entry.actor.name ? (
          <Text span size="xs" c="dimmed" style={wrapAnywhere}>
            {' '}
            · {entry.actor.email}
          </Text>
        ) : null}
      </Text>
      {detailLines(entry).length > 0 ? <Details entry={entry} /> : null}
    </Stack>
  );
}

/** The actor search box: typing updates the URL after a pause; Back or a link updates the box. */
function ActorSearch({ value, onSearch }: { value: string; onSearch: (actor: string) => void }) {
  const [text, setText] = useState(value);
  // What this box last put in the URL: any other value there came from Back, Forward or a chip.
  const sent = useRef(value);
  const apply = useDebouncedCallback((next: string) => {
    sent.current = next.trim();
    onSearch(sent.current);
  }, 350);
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);
  return (
    <TextInput
      type="search"
      label="Staff member"
      placeholder="Name or email"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      maxLength={LIST_SEARCH_MAX}
      onChange={(event) => {
        setText(event.currentTarget.value);
        apply(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply.flush();
      }}
      w={{ base: '100%', xs: 300 }}
    />
  );
}

/**
 * /admin/audit-log (superusers only): every logged staff action, newest first, 20 a page. The action,
 * the staff member, the days and the page live in the URL, so a link opens the same list.
 */
export function AuditLogSection() {
  const [params, setParams] = useSearchParams();
  const view = readAuditLogView(params);
  const list = useAuditLog(view);
  const [filtersOpen, filters] = useDisclosure(false);

  // From the URL as it is when called: the search box's delayed update must not undo a newer change.
  // A new page is a step Back returns from; filter changes replace the entry.
  const changeView = (next: Partial<AuditLogView>) => {
    const step = Object.keys(next).length === 1 && 'page' in next;
    setParams((current) => auditLogViewParams({ ...readAuditLogView(current), ...next }), { replace: !step });
  };
  const applyFilters = (chosen: AuditLogFilters) => {
    filters.close();
    changeView({ ...chosen, page: 1 });
  };

  const chips: Array<{ label: string; clear: Partial<AuditLogView> }> = [];
  if (view.action)
    chips.push({ label: `Action: ${AUDIT_ACTION_LABELS[view.action]}`, clear: { action: null } });
  if (view.actor) chips.push({ label: `Staff member: ${view.actor}`, clear: { actor: '' } });
  if (view.from) chips.push({ label: `From ${formatDate(`${view.from}T12:00:00`)}`, clear: { from: null } });
  if (view.to) chips.push({ label: `To ${formatDate(`${view.to}T12:00:00`)}`, clear: { to: null } });

  const data = list.data;
  const noun = (count: number) => (count === 1 ? 'entry' : 'entries');
  return (
    <Stack gap="md">
      <AdminSectionHeader title="Audit log">
        What staff did, newest first. Entries are written with the action and can never be changed or deleted.
      </AdminSectionHeader>

      <Group align="flex-end" gap="sm">
        <ActorSearch value={view.actor} onSearch={(actor) => changeView({ actor, page: 1 })} />
        <Button variant="default" leftSection={<IconFilter size={16} aria-hidden />} onClick={filters.open}>
          Filters
        </Button>
      </Group>

      <FilterChips
        chips={chips.map((chip) => ({
          label: chip.label,
          remove: () => changeView({ ...chip.clear, page: 1 }),
        }))}
        clearAll={() => changeView({ ...EMPTY_AUDIT_FILTERS, page: 1 })}
      />

      <Text size="sm" c="dimmed" aria-live="polite">
        {data ? `${data.count} ${noun(data.count)}` : ''}
      </Text>

      <ListStates
        loading={list.isPending}
        loadingLabel="Loading the audit log"
        error={
          list.isError ? list.error.message || 'The audit log could not be loaded. Please try again.' : null
        }
        empty={
          data && data.results.length === 0
            ? chips.length > 0
              ? 'No entries match these filters.'
              : 'No staff actions have been logged yet.'
            : null
        }
        stale={list.isPlaceholderData}
      >
        {data ? (
          <TableOrCards
            breakpoint="md"
            columns={COLUMNS}
            rows={data.results}
            rowKey={(entry) => entry.id}
            minWidth={860}
            cardLabel={(entry) => `${AUDIT_ACTION_LABELS[entry.action]}: ${entry.target.label}`}
            card={(entry) => <EntryCard entry={entry} />}
          />
        ) : null}
      </ListStates>

      {data && data.total_pages > 1 ? (
        <Pager page={view.page} totalPages={data.total_pages} onChange={(page) => changeView({ page })} />
      ) : null}

      <AuditLogFilterDialog
        opened={filtersOpen}
        initial={{ action: view.action, from: view.from, to: view.to }}
        onApply={applyFilters}
        onClose={filters.close}
      />
    </Stack>
  );
}
