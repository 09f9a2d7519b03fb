import { describe, expect, it } from 'vitest';
import { certificateFileError } from '#shared/certificate-file.ts';
import { MAX_MESSAGE_LENGTH, messageInputSchema } from '#shared/message-schemas.ts';
import { isInsuranceExpired, userProfileSchema } from '#shared/user-profile.ts';

describe('message input', () => {
  it('trims the content and refuses blank or too long', () => {
    expect(messageInputSchema.parse({ request: 3, content: '  hi  ' }).content).toBe('hi');
    expect(messageInputSchema.safeParse({ request: 3, content: ' \n ' }).success).toBe(false);
    expect(
      messageInputSchema.safeParse({ request: 3, content: 'x'.repeat(MAX_MESSAGE_LENGTH + 1) }).success,
    ).toBe(false);
  });
});

describe('profile', () => {
  const valid = {
    first_name: 'Jordan',
    last_name: 'Lee',
    email: 'Jordan@Example.com',
    phone_number: '(303) 555-0142',
    job_title: '',
    email_notifications: true,
    sms_notifications: false,
  };
  it('keeps the phone as digits and lower-cases the email', () => {
    expect(userProfileSchema.parse(valid)).toMatchObject({
      phone_number: '3035550142',
      email: 'jordan@example.com',
    });
  });
  it('takes an empty phone but not a short one', () => {
    expect(userProfileSchema.safeParse({ ...valid, phone_number: '' }).success).toBe(true);
    expect(userProfileSchema.safeParse({ ...valid, phone_number: '303555' }).success).toBe(false);
  });
});

describe('insurance', () => {
  it('is valid through its expiry date', () => {
    expect(isInsuranceExpired('2026-11-23', '2026-11-23')).toBe(false);
    expect(isInsuranceExpired('2026-11-22', '2026-11-23')).toBe(true);
    expect(isInsuranceExpired(null, '2026-11-23')).toBe(false);
  });
  it('checks a chosen file by type and size before sending', () => {
    expect(certificateFileError({ type: 'application/pdf', size: 1000 })).toBeNull();
    expect(certificateFileError({ type: 'text/plain', size: 10 })).toBe('Please upload a PDF or image file');
    expect(certificateFileError({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe(
      'File size should be less than 5MB',
    );
    expect(certificateFileError(null)).toBe('Insurance certificate is required');
  });
});
