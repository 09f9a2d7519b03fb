import { describe, expect, it } from 'vitest';
import { isQuietAt, quietUntil } from '#server/notifications/quiet-hours.ts';
import { isE164, smsNumberOf } from '#server/sms/sms-number.ts';
import { notificationText, phoneCodeText, SMS_SEGMENT_LENGTH } from '#server/sms/sms-texts.ts';
import { isValidTwilioSignature, twilioSignature } from '#server/sms/twilio-signature.ts';
import { NOTIFICATION_KINDS, type NotificationKind } from '#shared/notification-preferences.ts';

describe('quiet hours', () => {
  const night = { start: '22:00', end: '07:00', timeZone: 'America/Denver' };

  it('hold what comes in before midnight until the next morning, local time', () => {
    // 23:30 in Denver on 10 January (MST, UTC-7) is 06:30 UTC on the 11th.
    const at = new Date('2026-01-11T06:30:00Z');
    expect(isQuietAt(night, at)).toBe(true);
    expect(quietUntil(night, at).toISOString()).toBe('2026-01-11T14:00:00.000Z');
  });

  it('hold what comes in after midnight until the same morning', () => {
    const at = new Date('2026-01-11T10:15:00Z'); // 03:15 in Denver
    expect(quietUntil(night, at).toISOString()).toBe('2026-01-11T14:00:00.000Z');
  });

  it('let through what comes in outside the window, to the minute', () => {
    expect(isQuietAt(night, new Date('2026-01-11T14:00:00Z'))).toBe(false); // 07:00 sharp
    expect(isQuietAt(night, new Date('2026-01-11T04:59:00Z'))).toBe(false); // 21:59
    expect(isQuietAt(night, new Date('2026-01-11T05:00:00Z'))).toBe(true); // 22:00
    const noon = new Date('2026-01-11T19:00:00Z');
    expect(quietUntil(night, noon)).toBe(noon);
  });

  it('follow daylight saving: the morning after the clocks go forward ends an hour earlier in UTC', () => {
    // 8 March 2026: Denver goes from MST (UTC-7) to MDT (UTC-6) at 02:00.
    const at = new Date('2026-03-08T06:00:00Z'); // 23:00 MST on the 7th
    expect(quietUntil(night, at).toISOString()).toBe('2026-03-08T13:00:00.000Z'); // 07:00 MDT
  });

  it('work within one day too (a midday window) and in zones east of UTC', () => {
    const lunch = { start: '12:00', end: '13:30', timeZone: 'Asia/Kolkata' };
    const at = new Date('2026-05-04T06:45:00Z'); // 12:15 in Kolkata (UTC+5:30)
    expect(isQuietAt(lunch, at)).toBe(true);
    expect(quietUntil(lunch, at).toISOString()).toBe('2026-05-04T08:00:00.000Z');
  });
});

describe('SMS numbers', () => {
  it('are the profile’s ten digits as +1 E.164 when they form a dialable North American number', () => {
    expect(smsNumberOf('3035550199')).toBe('+13035550199');
    expect(smsNumberOf('13035550199')).toBe('+13035550199');
    expect(smsNumberOf('(720) 555-0148')).toBe('+17205550148');
    for (const bad of [
      '',
      '12345',
      '1234567890',
      '0235550199',
      '3031550199',
      '9115550199',
      '3034115550',
      '303555019912',
    ]) {
      expect(smsNumberOf(bad)).toBeNull();
    }
  });

  it('are checked as E.164', () => {
    expect(isE164('+13035550199')).toBe(true);
    expect(isE164('+442071838750')).toBe(true);
    for (const bad of ['13035550199', '+0123', '+1 303 555 0199', '+1234567890123456'])
      expect(isE164(bad)).toBe(false);
  });
});

describe("Twilio's request signature", () => {
  // The worked example of Twilio's request validation (the same vector in its PHP and C# libraries' tests).
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = {
    CallSid: 'CA1234567890ABCDE',
    Caller: '+14158675309',
    Digits: '1234',
    From: '+14158675309',
    To: '+18005551212',
  };

  it("reproduces Twilio's documented signature", () => {
    expect(twilioSignature('12345', url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(isValidTwilioSignature('12345', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(true);
  });

  it('fails when anything signed changes, or without a signature', () => {
    const good = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';
    expect(isValidTwilioSignature('54321', url, params, good)).toBe(false);
    expect(isValidTwilioSignature('12345', `${url}&x=1`, params, good)).toBe(false);
    expect(isValidTwilioSignature('12345', url, { ...params, Digits: '9999' }, good)).toBe(false);
    expect(isValidTwilioSignature('12345', url, params, undefined)).toBe(false);
    expect(isValidTwilioSignature('12345', url, params, '')).toBe(false);
  });
});

describe('a text', () => {
  const URL_32 = 'https://notify.fieldbid.example1'; // 32 characters
  const target = (kind: NotificationKind, relatedRequestId: number | null = 987_654) => ({
    kind,
    relatedRequestId,
    relatedVendorId: 123_456,
  });

  it('names the event and the request and links to it in the app', () => {
    expect(notificationText('https://app.fieldbid.com', 'vendor', target('new_message', 42))).toBe(
      'FieldBid: New message on request #42. Open: https://app.fieldbid.com/vendor/messages/42 Reply STOP to opt out.',
    );
    expect(notificationText('https://app.fieldbid.com', 'property_manager', target('bid_received', 7))).toBe(
      'FieldBid: New bid on request #7. Open: https://app.fieldbid.com/property-manager/requests/7 Reply STOP to opt out.',
    );
    expect(notificationText('https://app.fieldbid.com', 'vendor', target('insurance', null))).toBe(
      'FieldBid: Update about your insurance certificate. Open: https://app.fieldbid.com/vendor/settings#insurance Reply STOP to opt out.',
    );
  });

  it('fits one SMS for every kind and role, with a PUBLIC_URL of 32 characters and six-digit ids', () => {
    expect(URL_32).toHaveLength(32);
    for (const kind of NOTIFICATION_KINDS) {
      for (const role of ['vendor', 'property_manager', 'staff'] as const) {
        const text = notificationText(URL_32, role, target(kind));
        expect(text.length, text).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);
        expect(text, text).toMatch(
          /^FieldBid: [A-Za-z #0-9:]+\. Open: https:\/\/\S+ Reply STOP to opt out\.$/,
        );
      }
    }
  });

  it('has a code text that fits one SMS and carries nothing but the code', () => {
    const text = phoneCodeText('048213');
    expect(text.length).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);
    expect(text.startsWith('FieldBid code: 048213. ')).toBe(true);
  });
});
