import { notifications } from '@mantine/notifications';

/**
 * One toast at a time (public spec, section 9), and the newest wins: Mantine's `limit` alone would
 * queue a new toast behind the one on screen for up to 5 seconds, hiding the answer to what the user
 * just did.
 */
export function showToast(toast: { message: string; title?: string; color: 'green' | 'red' | 'blue' }): void {
  notifications.clean();
  notifications.show(toast);
}
