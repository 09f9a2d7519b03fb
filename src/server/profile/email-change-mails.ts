import type { NewMail } from '#server/mail/enqueue-mail.ts';
import { renderMail } from '#server/mail/mail-layout.ts';

/** To the new address after a Settings change: confirm it (the login is this address from now on). */
export function confirmChangedEmailMail(publicUrl: string, to: string, token: string): NewMail {
  return {
    to,
    template: 'confirm_email',
    ...renderMail({
      subject: 'Confirm your new FieldBid email address',
      paragraphs: [
        'The email address of your FieldBid account was changed to this one. Please confirm it: until you do, you cannot sign in again after signing out.',
      ],
      action: { label: 'Confirm Email', url: `${publicUrl}/confirm-email?key=${encodeURIComponent(token)}` },
      footnote: 'This link expires in 3 days. If you did not make this change, contact FieldBid support.',
    }),
  };
}

/** To the old address: a change it did not make must not go unnoticed. */
export function emailChangedNoticeMail(to: string, newEmail: string): NewMail {
  return {
    to,
    template: 'email_changed',
    ...renderMail({
      subject: 'Your FieldBid email address was changed',
      paragraphs: [
        `The email address of your FieldBid account was changed to ${newEmail}.`,
        'If you did not make this change, contact FieldBid support right away.',
      ],
    }),
  };
}
