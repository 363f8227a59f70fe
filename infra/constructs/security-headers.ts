/**
 * The security headers of the SPA, one definition for CloudFront (web.ts) and the local server, so
 * the browser tests run the app under the same Content-Security-Policy it is deployed with.
 */
export function contentSecurityPolicy(connectSources: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // MUI's emotion injects style elements at run time; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${connectSources.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Where the SPA's own calls go in a region: Cognito, and S3 for the presigned uploads and downloads. */
export const awsSources = (region: string) => [
  `https://cognito-idp.${region}.amazonaws.com`,
  `https://cognito-identity.${region}.amazonaws.com`,
  `https://*.s3.${region}.amazonaws.com`,
  `https://s3.${region}.amazonaws.com`,
];

/** The headers the local server sends with every page and asset (HSTS is for HTTPS only, so not here). */
export function localSecurityHeaders(connectSources: readonly string[]): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(connectSources),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}
