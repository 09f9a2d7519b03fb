import { Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { INBOX_SEARCH_MAX, INBOX_TEXTS, type InboxKind } from '#shared/admin-inbox.ts';
import { type AdminListQuery, AdminPagedRows } from './admin-paged-rows.tsx';
import type { InboxView } from './inbox-view.ts';

const NOUNS: Record<InboxKind, [string, string]> = {
  'demo-requests': ['demo request', 'demo requests'],
  'contact-messages': ['contact message', 'contact messages'],
  'visit-requests': ['visit request', 'visit requests'],
};

const SEARCH_HINTS: Record<InboxKind, string> = {
  'demo-requests': 'Email or company',
  'contact-messages': 'Name, email, phone or message',
  'visit-requests': 'Name, company, address or notes',
};

/**
 * One Inbox tab around its rows: the search box and the "Open only" switch, the summary line, the
 * loading, error and empty states, and the pages. `summaryRef` takes focus after a row changes, so
 * a keyboard user whose row just left the list is not dropped at the top of the page.
 */
export function InboxListFrame({
  kind,
  view,
  onView,
  list,
  summaryRef,
  children,
}: {
  kind: InboxKind;
  view: InboxView;
  onView: (next: Partial<InboxView>) => void;
  list: AdminListQuery & { data?: { count: number; total_pages: number; results: unknown[] } };
  summaryRef: RefObject<HTMLParagraphElement | null>;
  children: ReactNode;
}) {
  const [search, setSearch] = useState(view.search);
  // What this box last put in the URL: any other search there came from Back, Forward or a link.
  const sent = useRef(view.search);
  const applySearch = useDebouncedCallback((value: string) => {
    sent.current = value.trim();
    onView({ search: sent.current, page: 1 });
  }, 350);
  useEffect(() => {
    if (view.search === sent.current) return;
    sent.current = view.search;
    setSearch(view.search);
  }, [view.search]);
  const [one, many] = NOUNS[kind];
  const emptyText = view.search
    ? INBOX_TEXTS.noMatch(view.search)
    : view.openOnly
      ? INBOX_TEXTS.noOpen[kind]
      : INBOX_TEXTS.nothingYet;
  const summary = list.data
    ? `${list.data.count} ${view.openOnly ? 'open ' : ''}${list.data.count === 1 ? one : many}${
        view.search ? ` matching “${view.search}”` : ''
      }`
    : '';

  return (
    <Stack gap="md" pt="md">
      <Group justify="space-between" align="flex-end" gap="md">
        <TextInput
          type="search"
          label={`Search ${many}`}
          placeholder={SEARCH_HINTS[kind]}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          maxLength={INBOX_SEARCH_MAX}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              applySearch.flush();
            }
          }}
          w={{ base: '100%', xs: 320 }}
        />
        <Switch
          label="Open only"
          checked={view.openOnly}
          onChange={(event) => onView({ openOnly: event.currentTarget.checked, page: 1 })}
          mb={8}
        />
      </Group>

      <Text
        ref={summaryRef}
        tabIndex={-1}
        size="sm"
        c="dimmed"
        aria-live="polite"
        style={{ outline: 'none' }}
      >
        {summary}
      </Text>

      <AdminPagedRows
        list={list}
        label={many}
        emptyText={emptyText}
        page={view.page}
        onPage={(page) => onView({ page })}
      >
        {children}
      </AdminPagedRows>
    </Stack>
  );
}
