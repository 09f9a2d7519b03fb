import type { NewMail } from '#server/mail/enqueue-mail.ts';
import { renderMail } from '#server/mail/mail-layout.ts';

/** Who the decision is mailed to, and what the application was for. */
export interface Applicant {
  email: string;
  firstName: string;
  company: string;
  kind: 'managers' | 'vendors';
}

const greeting = (applicant: Applicant) => (applicant.firstName ? `Hello ${applicant.firstName},` : 'Hello,');

export function applicationApprovedMail(publicUrl: string, applicant: Applicant): NewMail {
  const role = applicant.kind === 'managers' ? 'property manager' : 'vendor';
  return {
    to: applicant.email,
    template: 'application_approved',
    ...renderMail({
      subject: 'Your FieldBid application is approved',
      paragraphs: [
        greeting(applicant),
        `Good news: the FieldBid team approved the ${role} application of ${applicant.company}.`,
        applicant.kind === 'managers'
          ? 'Sign in to see your properties and post maintenance requests.'
          : 'Sign in to find open maintenance requests and send your bids.',
      ],
      action: { label: 'Sign In', url: `${publicUrl}/login` },
      footnote: 'If you have not set your password yet, use "Forgot password" on the sign-in page.',
    }),
  };
}

export function applicationRejectedMail(applicant: Applicant, reason: string): NewMail {
  const role = applicant.kind === 'managers' ? 'property manager' : 'vendor';
  return {
    to: applicant.email,
    template: 'application_rejected',
    ...renderMail({
      subject: 'Your FieldBid application was not approved',
      paragraphs: [
        greeting(applicant),
        `We are sorry: the FieldBid team could not approve the ${role} application of ${applicant.company}.`,
        `The reason: ${reason}`,
        'The account created with the application is closed. If you think this is a mistake, or want to apply again with other details, reply to this email.',
      ],
    }),
  };
}
