import { describe, expect, it } from 'vitest';
import { inboxListQuery, inboxViewParams, readInboxView } from '#app/admin/inbox-view.ts';
import { replyLink } from '#shared/admin-inbox.ts';

describe('the Inbox view in the URL', () => {
  it('opens demo requests, open only, page 1 by default', () => {
    expect(readInboxView(new URLSearchParams())).toEqual({
      tab: 'demo-requests',
      openOnly: true,
      search: '',
      page: 1,
    });
    expect(inboxViewParams(readInboxView(new URLSearchParams())).toString()).toBe('');
  });

  it('reads and writes the tab, show=all, search and page', () => {
    const params = new URLSearchParams('tab=contact-messages&show=all&search=%20park%20&page=3');
    const view = readInboxView(params);
    expect(view).toEqual({ tab: 'contact-messages', openOnly: false, search: 'park', page: 3 });
    expect(inboxViewParams(view).toString()).toBe('tab=contact-messages&show=all&search=park&page=3');
    expect(inboxListQuery(view)).toEqual({ page: 3, state: undefined, search: 'park' });
    expect(inboxListQuery({ ...view, openOnly: true, search: '' })).toEqual({
      page: 3,
      state: 'open',
      search: undefined,
    });
  });

  it('falls back for an unknown tab or a bad page', () => {
    expect(readInboxView(new URLSearchParams('tab=spam&page=-2'))).toMatchObject({
      tab: 'demo-requests',
      page: 1,
    });
  });
});

describe('replyLink', () => {
  it('builds a mailto: link with an encoded subject', () => {
    expect(replyLink('ops+demo@larimer.example', 'Re: your message to FieldBid')).toBe(
      'mailto:ops%2Bdemo@larimer.example?subject=Re%3A%20your%20message%20to%20FieldBid',
    );
  });
});
