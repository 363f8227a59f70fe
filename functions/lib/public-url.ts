import type { ComparisonStep } from '../../shared/comparisons';

/**
 * The one place e-mails get their links from. A link must work from an inbox, so it is absolute
 * and on the stage's public address: PUBLIC_URL, which the CDK stack sets to the CloudFront
 * distribution's https address or the custom domain given at deploy (docs/email.md). The local
 * stack sets it to its own origin.
 */
const LOCAL_FALLBACK = 'http://localhost:3000';

/** True on a deployed stage (STAGE set by the CDK stack), false on the local stack and in unit tests. */
function deployed(): boolean {
  const stage = process.env.STAGE;
  return !!stage && stage !== 'local' && process.env.DVP_LOCAL !== '1';
}

/**
 * The site's base address, without a trailing slash. A deployed stage without a usable https
 * PUBLIC_URL throws rather than mail a link nobody can open.
 */
export function publicBaseUrl(): string {
  const raw = (process.env.PUBLIC_URL ?? '').trim();
  if (!deployed()) return (raw || LOCAL_FALLBACK).replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL is ${raw ? `not a URL ("${raw}")` : 'not set'} on stage ${process.env.STAGE}: e-mail links would not work, so nothing is sent`);
  }
  if (url.protocol !== 'https:' || /^(localhost|127\.|\[::1\])/.test(url.hostname)) {
    throw new Error(`PUBLIC_URL must be the stage's public https address on stage ${process.env.STAGE} (got "${raw}")`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** An absolute link to a page of the web app (`path` starts with "/"). */
export function appUrl(path: string): string {
  return `${publicBaseUrl()}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Where a new user signs in. */
export const signInUrl = () => appUrl('/');

export const comparisonUrl = (companyId: string, comparisonId: string, step?: ComparisonStep) =>
  appUrl(`/companies/${companyId}/comparisons/${comparisonId}${step ? `?step=${step}` : ''}`);

export const renewalUrl = (companyId: string, renewalId: string) => appUrl(`/companies/${companyId}/renewals/${renewalId}`);
