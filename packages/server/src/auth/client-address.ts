/**
 * The address the sign-in throttle counts a client under. An IPv4 address is itself (also when it arrives
 * IPv4-mapped, `::ffff:192.0.2.1`); an IPv6 address counts by its /64 network, since one host is normally given a
 * whole /64 and could otherwise take a fresh address for every guess. Anything else (a Unix socket, no address)
 * is kept as it is: it is still one key.
 */
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The throttle key of a client address.
 *
 * @example
 * clientBucket('::ffff:192.0.2.7') // '192.0.2.7'
 * clientBucket('2001:db8:1:2:aaaa::1') // '2001:db8:1:2::/64'
 */
export function clientBucket(address: string): string {
  const plain = address.replace(/%.*$/, ''); // a zone (fe80::1%eth0) names an interface, not a host
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (isIPv4(plain) || !isIPv6(plain)) return plain;
  return `${expandIPv6(plain).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, each without leading zeros (an embedded IPv4 tail as two groups). */
function expandIPv6(address: string): string[] {
  const toGroups = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [group];
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        });
  const [head = '', tail] = address.split('::');
  const front = toGroups(head);
  const back = tail === undefined ? [] : toGroups(tail);
  const zeros = Array<string>(8 - front.length - back.length).fill('0');
  return [...front, ...zeros, ...back].map((group) => parseInt(group, 16).toString(16));
}
