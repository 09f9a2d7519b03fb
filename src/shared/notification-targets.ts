import type { NotificationRole } from './notification-preferences.ts';

/**
 * Where a notification delivered away from the app leads (the mail's button, the text's link, the
 * push notification's click): the same screens the bell opens, in the recipient's own area (a
 * manager's request and thread live under /property-manager, docs/decisions/where-the-spec-is-silent.md "notification
 * links"). The paths equal src/app/route-paths.ts's builders (pinned by a unit test).
 */
export interface NotificationTarget {
  kind: string;
  relatedRequestId: number | null;
  relatedVendorId: number | null;
}

export function notificationPath(role: NotificationRole, target: NotificationTarget): string {
  const vendor = role === 'vendor';
  const requestId = target.relatedRequestId;
  if (target.kind === 'insurance') return vendor ? '/vendor/settings#insurance' : '/vendor/notifications';
  if (requestId === null) return vendor ? '/vendor/notifications' : '/property-manager/notifications';
  if (target.kind === 'new_message') {
    if (vendor) return `/vendor/messages/${requestId}`;
    if (target.relatedVendorId !== null) {
      return `/property-manager/messages?${new URLSearchParams({
        request: String(requestId),
        vendor: String(target.relatedVendorId),
      })}`;
    }
  }
  return vendor ? `/vendor/requests/${requestId}` : `/property-manager/requests/${requestId}`;
}

/** Where Settings' notification tab is, for the "manage what you receive" links. */
export function notificationSettingsPath(role: NotificationRole): string {
  return role === 'vendor'
    ? '/vendor/settings#notifications'
    : '/property-manager/settings/profile#notifications';
}
