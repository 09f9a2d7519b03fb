import { isIPv4, isIPv6 } from 'node:net';

/**
 * Whether an IP address (as DNS or a URL gives it) is a public unicast address of the internet, the
 * only kind a push service has. Everything else is refused: loopback, private networks (10/8,
 * 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16, fe80::/10), carrier-grade NAT, the
 * unspecified, multicast, broadcast, documentation and benchmark ranges, and IPv6 outside global
 * unicast (2000::/3). An IPv6 address that carries an IPv4 one (::ffff:a.b.c.d, NAT64's
 * 64:ff9b::/96) is judged by that IPv4 address; 6to4 and Teredo, which tunnel to addresses nobody
 * can check here, are refused.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return isPublicIpv4(ipv4Bytes(bare));
  if (isIPv6(bare)) return isPublicIpv6(ipv6Bytes(bare));
  return false;
}

type Range = readonly [prefix: readonly number[], bits: number];

const IPV4_NOT_PUBLIC: readonly Range[] = [
  [[0, 0, 0, 0], 8], // "this network", 0.0.0.0
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local (cloud metadata services live here)
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 88, 99, 0], 24], // 6to4 relay anycast
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // documentation
  [[203, 0, 113, 0], 24], // documentation
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, and the broadcast address
];

const IPV6_NOT_PUBLIC: readonly Range[] = [
  [[0x20, 0x01, 0x00, 0x00], 23], // IETF protocol assignments, Teredo (2001::/32) among them
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x20, 0x02], 16], // 6to4
  [[0x3f, 0xff, 0x00], 20], // documentation
];

const MAPPED_IPV4: Range = [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96];
const NAT64: Range = [[0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96];
const GLOBAL_UNICAST: Range = [[0x20], 3];

function inRange(bytes: readonly number[], [prefix, bits]: Range): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const left = Math.min(8, bits - bit);
    const mask = (0xff << (8 - left)) & 0xff;
    const index = bit / 8;
    if (((bytes[index] ?? 0) & mask) !== ((prefix[index] ?? 0) & mask)) return false;
  }
  return true;
}

function isPublicIpv4(bytes: number[]): boolean {
  return !IPV4_NOT_PUBLIC.some((range) => inRange(bytes, range));
}

function isPublicIpv6(bytes: number[]): boolean {
  if (inRange(bytes, MAPPED_IPV4) || inRange(bytes, NAT64)) return isPublicIpv4(bytes.slice(12));
  return inRange(bytes, GLOBAL_UNICAST) && !IPV6_NOT_PUBLIC.some((range) => inRange(bytes, range));
}

function ipv4Bytes(address: string): number[] {
  return address.split('.').map(Number);
}

/** The 16 bytes of a valid IPv6 text (net.isIPv6 checked it): `::` expanded, a trailing IPv4 read. */
function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase();
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail.push(...ipv4Bytes(dotted[1]!));
    text = text.slice(0, -dotted[1]!.length);
    if (!text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head = '', rest] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const before = groups(head);
  const after = rest === undefined ? [] : groups(rest);
  const missing = 8 - tail.length / 2 - before.length - after.length;
  const words = [...before, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...after];
  const bytes = words.flatMap((word) => {
    const value = Number.parseInt(word, 16);
    return [value >> 8, value & 0xff];
  });
  return [...bytes, ...tail];
}
