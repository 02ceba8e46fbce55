import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** A fresh access token for one run of the server: 32 random bytes, URL-safe. */
export function createAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares in constant time: hashing first gives equal lengths, so nothing about the token leaks through timing. */
export function tokenMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * Only our own names for the loopback address: a page whose DNS name was rebound to 127.0.0.1
 * sends its own name as `Host` and is refused before any work.
 */
export function isLoopbackHost(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  return LOOPBACK_HOSTS.some((name) => host.toLowerCase() === `${name}:${port}`);
}

/** No `Origin` (a navigation, a tool such as curl) or one of our own; another site's page is refused. */
export function isOwnOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return LOOPBACK_HOSTS.some((name) => origin.toLowerCase() === `http://${name}:${port}`);
}

/** The media type of a request's body, without its parameters (`application/json; charset=utf-8`). */
export function mediaTypeOf(headers: IncomingHttpHeaders): string {
  return (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The declared body length; undefined for a chunked body (counted while it is read). */
export function declaredLength(headers: IncomingHttpHeaders): number | undefined {
  const value = headers['content-length'];
  if (value === undefined) return undefined;
  const length = Number(value);
  return Number.isSafeInteger(length) && length >= 0 ? length : Number.POSITIVE_INFINITY;
}
