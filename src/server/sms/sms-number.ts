/**
 * The number a text goes to, in E.164 (what Twilio and every SMS provider take): the profile keeps a
 * North American number as its ten digits (signed-in spec: "Please enter a valid 10-digit phone
 * number"), so a text goes to +1 and those digits when they form a dialable NANP number: area code
 * and exchange start with 2-9 and are not N11 service codes (911, 411). Anything else cannot take a
 * text and gets none; Settings says so.
 */
export function smsNumberOf(phoneDigits: string): string | null {
  const digits = phoneDigits.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(national)) return null;
  const areaCode = national.slice(0, 3);
  const exchange = national.slice(3, 6);
  if (areaCode.slice(1) === '11' || exchange.slice(1) === '11') return null;
  return `+1${national}`;
}

/** Whether `value` is an E.164 number: +, a country code not starting with 0, at most 15 digits. */
export function isE164(value: string): boolean {
  return /^\+[1-9]\d{1,14}$/.test(value);
}

/** The profile's ten digits for an E.164 North American number (+1XXXXXXXXXX), else null. */
export function profileDigitsOf(e164: string): string | null {
  const match = /^\+1(\d{10})$/.exec(e164.trim());
  return match ? match[1]! : null;
}

/** A number as staff see it in the delivery list: the last four digits only. */
export function maskedNumber(e164: string): string {
  return `•••${e164.slice(-4)}`;
}
