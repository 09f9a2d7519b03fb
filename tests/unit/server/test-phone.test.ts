import { describe, expect, it } from 'vitest';
import { smsNumberOf } from '#server/sms/sms-number.ts';
import { phoneFor } from '../../support/test-phone.ts';

// The notification tests give each user a number from phoneFor; one that cannot take a text made a
// whole test file see no texts, for one process id in about a hundred.
describe('the test users’ phone numbers', () => {
  it('can all take a text, whatever the process id', () => {
    for (let pid = 1; pid < 5_000; pid += 1) {
      for (const sequence of [1, 2, 7, 40]) {
        const phone = phoneFor(pid, sequence);
        expect(phone).toMatch(/^\d{10}$/);
        expect(smsNumberOf(phone), `${phone} (pid ${pid})`).not.toBeNull();
      }
    }
  });

  it('differ within a process', () => {
    const phones = new Set(Array.from({ length: 500 }, (_, index) => phoneFor(4242, index + 1)));
    expect(phones.size).toBe(500);
  });
});
