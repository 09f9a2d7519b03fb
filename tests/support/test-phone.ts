// Phone numbers for test users, which the notification tests send texts to.

/** 200 to 999 but the service codes (211, 311, … 911). */
const EXCHANGES = Array.from({ length: 800 }, (_, index) => 200 + index).filter(
  (exchange) => exchange % 100 !== 11,
);
/**
 * The `sequence`th number of process `pid`: Denver's area code, an exchange from 200 to 999 that is
 * never a service code (X11, which smsNumberOf refuses: such a number takes no text, and a test file
 * whose process id landed on one saw no texts at all), and four line digits.
 */
export function phoneFor(pid: number, sequence: number): string {
  const key = pid * 997 + sequence;
  const exchange = EXCHANGES[key % EXCHANGES.length];
  const line = String(Math.floor(key / EXCHANGES.length) % 10_000).padStart(4, '0');
  return `720${exchange}${line}`;
}
