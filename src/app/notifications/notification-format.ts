import dayjs from 'dayjs';

/** 'MMM d, yyyy h:mm a' of the spec (date-fns tokens) in dayjs tokens: 'Nov 23, 2026 2:05 PM'. */
export function formatNotificationDate(iso: string): string {
  return dayjs(iso).format('MMM D, YYYY h:mm A');
}
