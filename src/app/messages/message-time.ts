import dayjs from 'dayjs';

/** The conversation list's timestamp (signed-in spec, section 2): time if today, 'Yesterday', or a date. */
export function conversationTimestamp(iso: string, now: Date = new Date()): string {
  const moment = dayjs(iso);
  const today = dayjs(now);
  if (moment.isSame(today, 'day')) return moment.format('h:mm A');
  if (moment.isSame(today.subtract(1, 'day'), 'day')) return 'Yesterday';
  return moment.isSame(today, 'year') ? moment.format('MMM D') : moment.format('MMM D, YYYY');
}

/** A bubble's time: the time of day, with the date when it is not today. */
export function messageTime(iso: string, now: Date = new Date()): string {
  const moment = dayjs(iso);
  return moment.isSame(dayjs(now), 'day') ? moment.format('h:mm A') : moment.format('MMM D, h:mm A');
}
