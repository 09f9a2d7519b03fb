import { z } from 'zod';

/*
 * Confirming the mobile number texts go to (Settings → Notifications): a number takes texts only
 * after its owner typed in a one-time code texted to it. POST /api/notification-settings/phone/verification/
 * texts a code to the profile's number; POST /api/notification-settings/phone/verify/ checks it.
 */

export const PHONE_CODE_POLICY = {
  /** Digits in a code. */
  length: 6,
  /** A code works for this long after it was sent. */
  ttlMs: 10 * 60_000,
  /** The fifth wrong code voids the code: a new one must be sent. */
  maxAttempts: 5,
  /** Codes sent, per user and per number: at most `max` in any `windowMs`. */
  sendLimits: [
    { windowMs: 60_000, max: 1 },
    { windowMs: 60 * 60_000, max: 5 },
  ],
} as const;

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** What the two calls answer when they refuse, in words a user can act on. */
export const PHONE_CODE_MESSAGES = {
  noNumber: 'Add a mobile number that can take texts under Profile Details first.',
  alreadyConfirmed: 'This number is already confirmed.',
  waitSeconds: (seconds: number) =>
    `A code was just sent. You can ask for another in ${plural(seconds, 'second')}.`,
  waitMinutes: (minutes: number) =>
    `Too many codes were sent to this number in the last hour. You can ask for another in ${plural(minutes, 'minute')}.`,
  notSent: 'We could not send the text just now. Please try again in a few minutes.',
  refused:
    'This number cannot take texts from FieldBid. Check it under Profile Details, or if you replied STOP, text START to us first.',
  format: 'Enter the 6-digit code from the text.',
  noCode: 'Ask for a code first.',
  expired: 'This code has expired. Ask for a new one.',
  wrong: (left: number) => `That code is not right. ${left === 1 ? '1 try' : `${left} tries`} left.`,
  voided: 'Too many wrong codes. Ask for a new one.',
} as const;

/** POST /api/notification-settings/phone/verify/: the code from the text (spaces ignored). */
export const phoneCodeInputSchema = z.object({
  code: z
    .string({ error: PHONE_CODE_MESSAGES.format })
    .max(20, PHONE_CODE_MESSAGES.format)
    .transform((value) => value.replace(/\s/g, ''))
    .refine((value) => /^\d{6}$/.test(value), PHONE_CODE_MESSAGES.format),
});
export type PhoneCodeInput = z.input<typeof phoneCodeInputSchema>;
