import { describe, expect, it } from 'vitest';
import {
  managerConversationPath,
  managerPaths,
  managerRequestPath,
  vendorConversationPath,
  vendorPaths,
  vendorRequestPath,
} from '#app/route-paths.ts';
import { notificationPath, notificationSettingsPath } from '#shared/notification-targets.ts';

// Mail, texts and pushes link the same screens as the bell; the server builds them from
// src/shared, so they are pinned here against the app's own route builders.
describe('where a notification away from the app leads', () => {
  const target = (
    kind: string,
    relatedRequestId: number | null = 12,
    relatedVendorId: number | null = null,
  ) => ({
    kind,
    relatedRequestId,
    relatedVendorId,
  });

  it('takes a vendor to the request, the thread, or the insurance tab', () => {
    expect(notificationPath('vendor', target('bid_accepted'))).toBe(vendorRequestPath(12));
    expect(notificationPath('vendor', target('new_message', 12, 7))).toBe(vendorConversationPath(12));
    expect(notificationPath('vendor', target('insurance', null))).toBe(`${vendorPaths.settings}#insurance`);
    expect(notificationPath('vendor', target('request_status', null))).toBe(vendorPaths.notifications);
  });

  it('takes a manager to the request or the thread with that vendor', () => {
    expect(notificationPath('property_manager', target('request_status'))).toBe(managerRequestPath(12));
    expect(notificationPath('property_manager', target('new_message', 12, 7))).toBe(
      managerConversationPath(12, 7),
    );
    expect(notificationPath('staff', target('request_status', null))).toBe(managerPaths.notifications);
  });

  it('knows where Settings’ notification tab is', () => {
    expect(notificationSettingsPath('vendor')).toBe(`${vendorPaths.settings}#notifications`);
    expect(notificationSettingsPath('property_manager')).toBe(
      `${managerPaths.settingsProfile}#notifications`,
    );
  });
});
