import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultEmailTemplate, EMAIL_PLACEHOLDERS, renderTemplate } from '../../shared/email-templates';
import { EmailType } from '../../shared/email-types';
import { comparisonUrl, publicBaseUrl, renewalUrl } from './public-url';
import { invitationContent } from './users/invitation';

/** Every link of every e-mail the platform sends, rendered with a deployed stage's settings. */

const DOMAIN = 'd1a2b3c4example.cloudfront.net';
const saved = { ...process.env };

function deployedStage(publicUrl: string | undefined) {
  for (const name of ['DVP_LOCAL', 'PUBLIC_URL']) delete process.env[name];
  process.env.STAGE = 'prod';
  if (publicUrl !== undefined) process.env.PUBLIC_URL = publicUrl;
}

beforeEach(() => deployedStage(`https://${DOMAIN}`));
afterEach(() => {
  process.env = { ...saved };
});

/** Every URL-looking thing in a text or HTML part: bare URLs, hrefs and srcs (relative ones too). */
function links(part: string): string[] {
  const found = [...part.matchAll(/\b(?:href|src)\s*=\s*"([^"]*)"/gi)].map((m) => m[1]);
  const bare = part.replace(/\b(?:href|src)\s*=\s*"[^"]*"/gi, '');
  found.push(...[...bare.matchAll(/(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s<>"']+/gi)].map((m) => m[0]));
  // A path starting with one of the app's pages, without a host, is a relative link too.
  found.push(...[...bare.matchAll(/(?:^|\s)(\/(?:companies|organizations|agencies|admin)\/[^\s<>"']*)/g)].map((m) => m[1]));
  return found;
}

function expectStageLinks(part: string) {
  const found = links(part);
  expect(found.length, part).toBeGreaterThan(0);
  for (const link of found) {
    const url = new URL(link);
    expect(url.protocol, link).toBe('https:');
    expect(url.host, link).toBe(DOMAIN);
  }
}

/** The link values each notification's sender puts in, built the way the senders build them. */
const LINK_VALUES: Record<string, () => string> = {
  comparison_url: () => comparisonUrl('company-1', 'comparison-1', 'VERIFY_DISCREPANCIES'),
  renewal_url: () => renewalUrl('company-1', 'renewal-1'),
};

describe('e-mail links on a deployed stage', () => {
  it.each(EmailType.values)('%s: every link is absolute https on the stage domain', (type) => {
    const placeholders = EMAIL_PLACEHOLDERS[type] ?? [];
    const linkNames = placeholders.filter((p) => p.endsWith('_url'));
    expect(linkNames.length, `${type} has no link`).toBeGreaterThan(0);
    const values: Record<string, string> = Object.fromEntries(placeholders.map((p) => [p, `some ${p}`]));
    for (const name of linkNames) {
      expect(LINK_VALUES[name], `no builder for {{${name}}}`).toBeDefined();
      values[name] = LINK_VALUES[name]();
    }
    const template = defaultEmailTemplate(type);
    expectStageLinks(renderTemplate(template.body, values));
    expect(links(renderTemplate(template.subject, values))).toEqual([]);
  });

  it('the invitation: text and HTML parts link to the stage', () => {
    const content = invitationContent({ email: 'new.user@example.com', firstName: 'Ann', temporaryPassword: 'Tmp-Passw0rd!', invitedBy: 'Bob' });
    expectStageLinks(content.text);
    expectStageLinks(content.html);
  });

  it('a custom domain given at deploy is the links’ host', () => {
    process.env.PUBLIC_URL = 'https://benefits.example.com/';
    expect(renewalUrl('c', 'r')).toBe('https://benefits.example.com/companies/c/renewals/r');
    expect(invitationContent({ email: 'a@example.com', temporaryPassword: 'x' }).html).toContain('href="https://benefits.example.com/"');
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['relative', '/app'],
    ['localhost', 'http://localhost:3000'],
    ['https localhost', 'https://localhost'],
    ['plain http', `http://${DOMAIN}`],
  ])('refuses to build a link when PUBLIC_URL is %s', (_, value) => {
    deployedStage(value);
    expect(() => publicBaseUrl()).toThrow(/PUBLIC_URL/);
    expect(() => invitationContent({ email: 'a@example.com', temporaryPassword: 'x' })).toThrow(/PUBLIC_URL/);
  });

  it('the local stack links to its own origin', () => {
    process.env.STAGE = 'local';
    process.env.DVP_LOCAL = '1';
    process.env.PUBLIC_URL = 'http://localhost:4123';
    expect(comparisonUrl('c', 'x')).toBe('http://localhost:4123/companies/c/comparisons/x');
  });
});
