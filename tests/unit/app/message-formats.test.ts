import { describe, expect, it } from 'vitest';
import { conversationTimestamp, messageTime } from '#app/messages/message-time.ts';
import { formatNotificationDate } from '#app/notifications/notification-format.ts';
import { unreadBadge } from '#shared/formatters.ts';

// Local times, so the checks hold in any time zone the tests run in.
const at = (year: number, month: number, day: number, hour: number, minute: number) =>
  new Date(year, month - 1, day, hour, minute).toISOString();
const NOW = new Date(2026, 10, 23, 15, 0);

describe('conversation timestamps (signed-in spec, section 2)', () => {
  it('shows the time for today', () => {
    expect(conversationTimestamp(at(2026, 11, 23, 9, 5), NOW)).toBe('9:05 AM');
  });
  it("shows 'Yesterday' for yesterday", () => {
    expect(conversationTimestamp(at(2026, 11, 22, 23, 59), NOW)).toBe('Yesterday');
  });
  it('shows a date before that, with the year when it is not this one', () => {
    expect(conversationTimestamp(at(2026, 11, 2, 8, 0), NOW)).toBe('Nov 2');
    expect(conversationTimestamp(at(2025, 12, 31, 8, 0), NOW)).toBe('Dec 31, 2025');
  });
  it('gives bubbles the date only when not today', () => {
    expect(messageTime(at(2026, 11, 23, 14, 30), NOW)).toBe('2:30 PM');
    expect(messageTime(at(2026, 11, 20, 14, 30), NOW)).toBe('Nov 20, 2:30 PM');
  });
});

describe('notification dates', () => {
  it("formats like 'MMM d, yyyy h:mm a'", () => {
    expect(formatNotificationDate(at(2026, 3, 7, 16, 4))).toBe('Mar 7, 2026 4:04 PM');
  });
});

describe('unread badge (signed-in spec, section 9)', () => {
  it('is exact below 10 and 9+ from 10', () => {
    expect(unreadBadge(9)).toBe('9');
    expect(unreadBadge(10)).toBe('9+');
  });
});
