import { lookup } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Outbound webhooks may only reach the public internet (SSRF): a URL naming, or resolving to, a private, loopback,
 * link-local, carrier-grade NAT, multicast or reserved address is refused, before it is saved and again at every
 * delivery, where the connection goes to the very address that was checked (no second lookup to rebind).
 */
export class WebhookAddressError extends Error {}

/** Only plain unicast addresses are public (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

/**
 * Hosts let through although private (tests and local development only: WEBHOOK_ALLOWED_PRIVATE_HOSTS), as
 * "host" or "host:port"; they may also use plain http.
 */
export function isAllowedPrivateHost(url: URL, allowed: readonly string[]): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowed.includes(host) || allowed.includes(`${host}:${port}`);
}

/** The checks of a URL itself (scheme, credentials, port) before any lookup. */
export function checkWebhookUrlShape(url: URL, allowed: readonly string[]): void {
  const privateAllowed = isAllowedPrivateHost(url, allowed);
  if (url.protocol !== 'https:' && !(privateAllowed && url.protocol === 'http:')) throw new WebhookAddressError('The URL must start with https://');
  if (url.username || url.password) throw new WebhookAddressError('The URL must not contain a user name or password.');
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | { address: string; family: number }[], family?: number) => void;

/**
 * A dns.lookup for http(s).request that fails unless every address of the host is public, so the socket connects
 * only to an address that passed the check. Allowed private hosts skip the check.
 */
export function publicOnlyLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    lookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const refused = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (refused || addresses.length === 0) {
        const error: NodeJS.ErrnoException = new WebhookAddressError(`${hostname} resolves to a private or reserved address.`);
        error.code = 'EADDRNOTPUBLIC';
        return callback(error, []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** A registration waits at most this long for DNS (a slow resolver must not hang the request). */
const LOOKUP_TIMEOUT_MS = 3000;

/** Resolves the URL's host now and refuses it unless every address is public (or the host is allowed). */
export async function checkWebhookUrl(raw: string, allowed: readonly string[]): Promise<void> {
  const url = new URL(raw);
  checkWebhookUrlShape(url, allowed);
  if (isAllowedPrivateHost(url, allowed)) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw new WebhookAddressError('The URL points at a private, loopback or link-local address.');
    return;
  }
  const addresses = await new Promise<{ address: string }[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('lookup timed out')), LOOKUP_TIMEOUT_MS);
    lookup(host, { all: true }, (err, found) => {
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(found);
    });
  }).catch(() => {
    throw new WebhookAddressError(`The host ${host} could not be found.`);
  });
  if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) {
    throw new WebhookAddressError(`${host} resolves to a private, loopback or link-local address.`);
  }
}
