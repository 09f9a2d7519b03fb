import { requestNumber } from '#shared/display-names.ts';
import type { NotificationKind, NotificationRole } from '#shared/notification-preferences.ts';
import { type NotificationTarget, notificationPath } from '#shared/notification-targets.ts';

/*
 * Every text FieldBid sends, and nothing else: a text comes from the platform's number, so it never
 * carries words a user wrote (a message, a name, a reason): anyone could otherwise have FieldBid's
 * number relay their words to a phone. A text names the event and the request and links to it in
 * the app, where the words are read signed in. Email may quote; texts never do.
 */

/**
 * One SMS segment (GSM-7). The texts below stay within it for a PUBLIC_URL of up to 32 characters
 * (the longest is a manager's message link); a longer address makes some two segments, which
 * phones join into one message.
 */
export const SMS_SEGMENT_LENGTH = 160;

const EVENTS: Record<NotificationKind, (request: string) => string> = {
  new_job: (request) => `New job available: ${request}`,
  invited: (request) => `You are invited to bid on ${request}`,
  bid_received: (request) => `New bid on ${request}`,
  bid_accepted: (request) => `Your bid on ${request} was accepted`,
  // Both a bid not selected and a cancelled request: the app says which.
  bid_rejected: (request) => `Update on your bid for ${request}`,
  new_message: (request) => `New message on ${request}`,
  request_status: (request) => `Update on ${request}`,
  insurance: () => 'Update about your insurance certificate',
};

/** What happened, in our words: from the notification's kind and request number only. */
function eventOf(target: NotificationTarget): string {
  const event = EVENTS[target.kind as NotificationKind];
  if (target.kind === 'insurance') return EVENTS.insurance('');
  if (!event || target.relatedRequestId === null) return 'You have a new notification';
  return event(`request ${requestNumber(target.relatedRequestId)}`);
}

/**
 * A notification's text: the event, the link to it in the recipient's area of the app, and how to
 * stop texts (carriers expect the STOP hint). It takes the notification's kind and ids only, never
 * its title or message, which may hold what a user wrote.
 */
export function notificationText(
  publicUrl: string,
  role: NotificationRole,
  target: NotificationTarget,
): string {
  const link = `${publicUrl}${notificationPath(role, target)}`;
  return `FieldBid: ${eventOf(target)}. Open: ${link} Reply STOP to opt out.`;
}

/** The text that carries a number's confirmation code. */
export function phoneCodeText(code: string): string {
  return `FieldBid code: ${code}. Enter it in Settings to confirm this number for FieldBid texts. It expires in 10 minutes. Do not share it.`;
}
