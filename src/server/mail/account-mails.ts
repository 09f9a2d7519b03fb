import type { NewMail } from './enqueue-mail.ts';
import { renderMail } from './mail-layout.ts';

/** Sent after a password is set (public spec, section 2: set password, then confirm email). */
export function confirmEmailMail(publicUrl: string, to: string, token: string): NewMail {
  const url = `${publicUrl}/confirm-email?key=${encodeURIComponent(token)}`;
  return {
    to,
    template: 'confirm_email',
    ...renderMail({
      subject: 'Confirm your FieldBid email address',
      paragraphs: [
        'Your FieldBid password is set. Please confirm your email address to finish setting up your account.',
      ],
      action: { label: 'Confirm Email', url },
      footnote:
        'This link expires in 3 days. If you did not create a FieldBid account, you can ignore this email.',
    }),
  };
}

export function resetPasswordMail(publicUrl: string, to: string, token: string): NewMail {
  const url = `${publicUrl}/reset-password-confirm/${encodeURIComponent(token)}`;
  return {
    to,
    template: 'reset_password',
    ...renderMail({
      subject: 'Reset your FieldBid password',
      paragraphs: ['Someone asked to reset the password of your FieldBid account.'],
      action: { label: 'Reset Password', url },
      footnote:
        'This link expires in 1 hour and works once. If you did not ask for it, you can ignore this email.',
    }),
  };
}
