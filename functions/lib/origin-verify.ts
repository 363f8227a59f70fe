import { timingSafeEqual } from 'node:crypto';

/**
 * CloudFront adds this header, with a secret value, to every request it sends to the API. The API's
 * own execute-api host name stays reachable on the internet and would skip the web ACL in front of
 * CloudFront; a request without the header did not come through it and is refused. The JWT is
 * still what authenticates: this only closes the path around the WAF.
 */
export const ORIGIN_VERIFY_HEADER = 'x-dvp-origin-verify';

/** The environment variable that carries the secret to the API's handlers. */
export const ORIGIN_VERIFY_VARIABLE = 'ORIGIN_VERIFY_SECRET';

export const NOT_THROUGH_CLOUDFRONT_MESSAGE = 'Use the platform through its web address.';

/**
 * Whether the request came through CloudFront. With no secret configured (the local stack, which
 * has no CloudFront) every request did.
 */
export function cameThroughCloudFront(
  headers: Record<string, string | undefined> | undefined,
  secret: string | undefined = process.env[ORIGIN_VERIFY_VARIABLE],
): boolean {
  if (!secret) return true;
  const sent = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === ORIGIN_VERIFY_HEADER)?.[1];
  if (!sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}
