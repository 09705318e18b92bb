/** A validation message for an IP range, or null when it is a valid IPv4 or IPv6 CIDR (the server checks again). */
export function cidrError(value: string): string | null {
  const match = /^([^/\s]+)\/(\d{1,3})$/.exec(value.trim());
  if (!match) return 'Enter an IP range in CIDR notation, e.g. 203.0.113.0/24 or 2001:db8::/32';
  const [, address, prefixText] = match;
  const prefix = Number(prefixText);
  if (address.includes(':')) {
    // The URL parser knows IPv6 literals exactly; no hand-written grammar needed.
    if (!isIpv6(address)) return `${address} is not a valid IPv6 address`;
    return prefix > 128 ? 'The prefix of an IPv6 range is at most 128' : null;
  }
  const octets = address.split('.');
  if (octets.length !== 4 || octets.some((o) => !/^\d{1,3}$/.test(o) || Number(o) > 255)) return `${address} is not a valid IPv4 address`;
  return prefix > 32 ? 'The prefix of an IPv4 range is at most 32' : null;
}

function isIpv6(address: string): boolean {
  try {
    return new URL(`http://[${address}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}
