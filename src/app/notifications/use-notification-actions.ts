import { useNavigate } from 'react-router-dom';
import { showToast } from '#app/ui/toast.ts';
import type { Notification } from '#shared/notification-schemas.ts';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from './api.ts';
import { useNotificationLinks } from './notification-links.ts';

// Signed-in spec, section 8.
const MARK_READ_FAILED = 'Failed to mark notification as read';
const MARK_ALL_FAILED = 'Failed to mark all notifications as read';

/**
 * What clicking a notification does (signed-in spec, sections 2 and 4), in the menu and on the page:
 * an unread one is marked read; one with a related request opens it. Also "Mark all as read".
 */
export function useNotificationActions(onNavigate?: () => void) {
  const navigate = useNavigate();
  const links = useNotificationLinks();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  const open = (notification: Notification) => {
    if (!notification.is_read) {
      markRead.mutate(notification.id, {
        onError: () => showToast({ title: 'Error', message: MARK_READ_FAILED, color: 'red' }),
      });
    }
    if (notification.related_request !== null) {
      onNavigate?.();
      navigate(links.request(notification.related_request));
    }
  };

  const markAllRead = () =>
    markAll.mutate(undefined, {
      onError: () => showToast({ title: 'Error', message: MARK_ALL_FAILED, color: 'red' }),
    });

  return { open, markAllRead, markingAll: markAll.isPending, links };
}
