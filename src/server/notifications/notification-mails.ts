import type { NewMail } from '#server/mail/enqueue-mail.ts';
import { renderMail } from '#server/mail/mail-layout.ts';
import { requestNumber } from '#shared/display-names.ts';
import { CATEGORY_LABELS, type NotificationCategory } from '#shared/notification-preferences.ts';
import { notificationPath, notificationSettingsPath } from '#shared/notification-targets.ts';
import type { Recipient } from './notification-preferences-store.ts';

/** What a notification mail is made from: the notifications it carries, oldest first. */
export interface MailedNotification {
  kind: string;
  title: string;
  message: string;
  relatedRequestId: number | null;
  relatedVendorId: number | null;
}

const ACTION_LABELS: Record<string, string> = {
  new_message: 'Open the conversation',
  insurance: 'Update your insurance',
};

/**
 * One notification mail: a single notification, or the messages of one thread batched together.
 * Text and HTML (renderMail), a button straight to the request or thread, and a one-click
 * unsubscribe for the category: the List-Unsubscribe header with List-Unsubscribe-Post (RFC 8058;
 * mail clients POST to it) and the same link in the body, which opens a page that asks first.
 */
export function notificationMail(options: {
  publicUrl: string;
  recipient: Recipient;
  category: NotificationCategory;
  items: readonly MailedNotification[];
  /** How many messages the batch holds when it quotes only its newest (`items`); items.length if absent. */
  total?: number;
  unsubscribeUrl: string;
}): NewMail {
  const { publicUrl, recipient, category, items, unsubscribeUrl } = options;
  const total = Math.max(options.total ?? items.length, items.length);
  const first = items[0]!;
  const link = `${publicUrl}${notificationPath(recipient.role, first)}`;
  const batch = total > 1;
  const requestRef =
    first.relatedRequestId === null ? '' : ` on request ${requestNumber(first.relatedRequestId)}`;
  const subject = batch ? `${total} new messages${requestRef}` : first.title;
  const greeting = recipient.firstName ? `Hi ${recipient.firstName},` : 'Hello,';
  const unquoted = total - items.length;
  const paragraphs = batch
    ? [
        greeting,
        `You have ${total} new messages${requestRef}${unquoted > 0 ? `; the latest ${items.length}` : ''}:`,
        ...items.map((item) => `${item.title}: ${item.message}`),
      ]
    : [greeting, first.message || first.title];
  const mail = renderMail({
    subject,
    paragraphs,
    action: {
      label:
        ACTION_LABELS[first.kind] ??
        (first.relatedRequestId === null
          ? 'Open FieldBid'
          : `Open request ${requestNumber(first.relatedRequestId)}`),
      url: link,
    },
    footnote: `You get this email because ${CATEGORY_LABELS[category].toLowerCase()} emails are on in your FieldBid notification settings.`,
    links: [
      { label: `Unsubscribe from ${CATEGORY_LABELS[category].toLowerCase()} emails`, url: unsubscribeUrl },
      {
        label: 'Manage notification settings',
        url: `${publicUrl}${notificationSettingsPath(recipient.role)}`,
      },
    ],
  });
  return {
    to: recipient.email,
    ...mail,
    template: `notification_${category}`,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
