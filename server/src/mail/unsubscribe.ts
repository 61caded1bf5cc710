import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@sp/domain';

const MAC_BYTES = 32;

/** The unsubscribe links' own key, derived from the session secret so a cookie's signature is never reused. */
export const unsubscribeKey = (sessionSecret: string): Buffer =>
  createHmac('sha256', sessionSecret).update('student-portal mail unsubscribe v1').digest();

const mac = (key: Buffer, address: string, kind: NotificationKind): Buffer =>
  createHmac('sha256', key).update(`${address}\n${kind}`).digest();

/**
 * A stateless unsubscribe token (D52): the kind's number, the HMAC-SHA256 of `address\nkind`, then the address,
 * base64url. Nothing is stored: the signature is the proof, and the address comes back out of the token.
 */
export function unsubscribeToken(key: Buffer, address: string, kind: NotificationKind): string {
  const index = Buffer.from([NOTIFICATION_KINDS.indexOf(kind)]);
  return Buffer.concat([index, mac(key, address, kind), Buffer.from(address, 'utf8')]).toString('base64url');
}

/** The address and kind a token names, or null when it was not made by this server's key. */
export function readUnsubscribeToken(
  key: Buffer,
  token: string,
): { address: string; kind: NotificationKind } | null {
  const bytes = Buffer.from(token, 'base64url');
  const kind = NOTIFICATION_KINDS[bytes[0] ?? -1];
  if (!kind || bytes.length <= 1 + MAC_BYTES) return null;
  const address = bytes.subarray(1 + MAC_BYTES).toString('utf8');
  return timingSafeEqual(bytes.subarray(1, 1 + MAC_BYTES), mac(key, address, kind))
    ? { address, kind }
    : null;
}

/**
 * What a notification to one address carries (RFC 8058): the footer's link to our page, and the headers a
 * mail client's own "Unsubscribe" button posts to, without a session. Both name the page: a client without
 * one-click support opens the header's URL in a browser, which must show the page, not the API's JSON; the
 * server takes the one-click POST at the page's own address.
 */
export function unsubscribeParts(
  baseUrl: string,
  key: Buffer,
  address: string,
  kind: NotificationKind,
): { link: string; headers: Record<string, string> } {
  const link = `${baseUrl}/unsubscribe?token=${unsubscribeToken(key, address, kind)}`;
  return {
    link,
    headers: {
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
