import { Badge, Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { INBOX_KINDS, INBOX_TEXTS, type InboxKind } from '#shared/admin-inbox.ts';
import { AdminSectionHeader } from './admin-section-header.tsx';
import { ContactMessageList } from './contact-message-list.tsx';
import { DemoRequestList } from './demo-request-list.tsx';
import { useInboxCounts } from './inbox-api.ts';
import { type InboxView, inboxViewParams, readInboxView } from './inbox-view.ts';
import { VisitRequestList } from './visit-request-list.tsx';

const COUNT_KEYS = {
  'demo-requests': 'demo_requests',
  'contact-messages': 'contact_messages',
  'visit-requests': 'visit_requests',
} as const;

/** A tab's open count beside its name (screen readers get it from the tab's own label). */
function OpenCount({ open }: { open: number | undefined }) {
  if (open === undefined) return null;
  return (
    <Badge
      component="span"
      size="sm"
      variant={open > 0 ? 'filled' : 'light'}
      color={open > 0 ? 'blue' : 'gray'}
      circle={open < 10}
      aria-hidden
    >
      {open}
    </Badge>
  );
}

/** Three tabs do not fit a phone's width: the list scrolls, and the chosen tab is kept in sight. */
const keepInSight = (tab: HTMLButtonElement | null) =>
  tab?.scrollIntoView({ block: 'nearest', inline: 'nearest' });

/**
 * /admin/inbox: the landing page's demo requests and contact messages (public spec, sections 2 and
 * 3) and the Schedule a Visit requests, for staff to read, answer by email and mark handled. The
 * tab, the "Open only" switch, the search and the page live in the URL, so a link opens the same list.
 */
export function InboxSection() {
  const [params, setParams] = useSearchParams();
  const view = readInboxView(params);
  const counts = useInboxCounts();

  // From the URL as it is when called: the search box's delayed update must not undo a newer change.
  // A new tab or page is a step Back returns from; typing and the switch replace the entry.
  const changeView = (next: Partial<InboxView>) => {
    const step = 'tab' in next || (Object.keys(next).length === 1 && 'page' in next);
    setParams((current) => inboxViewParams({ ...readInboxView(current), ...next }), { replace: !step });
  };

  return (
    <Stack gap="xs">
      <AdminSectionHeader title="Inbox">
        Demo requests, messages and visit requests from the public site. Reply by email, then mark them
        handled.
      </AdminSectionHeader>
      <Tabs
        value={view.tab}
        onChange={(tab) => {
          if (tab) changeView({ tab: tab as InboxKind, search: '', page: 1 });
        }}
        keepMounted={false}
        // Narrower tabs on one row, scrolling rather than wrapping on a 375px phone.
        styles={{ tab: { paddingInline: 10 }, list: { flexWrap: 'nowrap', overflowX: 'auto' } }}
      >
        <Tabs.List>
          {INBOX_KINDS.map((kind) => {
            const open = counts.data?.[COUNT_KEYS[kind]];
            return (
              <Tabs.Tab
                key={kind}
                value={kind}
                ref={kind === view.tab ? keepInSight : undefined}
                rightSection={<OpenCount open={open} />}
                aria-label={open === undefined ? undefined : `${INBOX_TEXTS.tabs[kind]}, ${open} open`}
              >
                {INBOX_TEXTS.tabs[kind]}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value="demo-requests">
          <DemoRequestList key={view.tab} view={view} onView={changeView} />
        </Tabs.Panel>
        <Tabs.Panel value="contact-messages">
          <ContactMessageList key={view.tab} view={view} onView={changeView} />
        </Tabs.Panel>
        <Tabs.Panel value="visit-requests">
          <VisitRequestList key={view.tab} view={view} onView={changeView} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
