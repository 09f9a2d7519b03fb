import { readPage } from '#app/ui/list-url-params.ts';
import { INBOX_KINDS, type InboxKind } from '#shared/admin-inbox.ts';

/**
 * What the Inbox shows, kept in the URL so a link opens the same tab and list:
 * `?tab=contact-messages&show=all&search=park&page=2`. Open items only unless `show=all`.
 */
export interface InboxView {
  tab: InboxKind;
  openOnly: boolean;
  search: string;
  page: number;
}

export function readInboxView(params: URLSearchParams): InboxView {
  const tab = params.get('tab');
  return {
    tab: INBOX_KINDS.includes(tab as InboxKind) ? (tab as InboxKind) : 'demo-requests',
    openOnly: params.get('show') !== 'all',
    search: (params.get('search') ?? '').trim(),
    page: readPage(params.get('page')),
  };
}

/** The view as URL parameters, leaving out the defaults. */
export function inboxViewParams(view: InboxView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.tab !== 'demo-requests') params.set('tab', view.tab);
  if (!view.openOnly) params.set('show', 'all');
  if (view.search) params.set('search', view.search);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

/** The list call's query for a view. */
export const inboxListQuery = (view: InboxView) => ({
  page: view.page,
  state: view.openOnly ? ('open' as const) : undefined,
  search: view.search || undefined,
});
