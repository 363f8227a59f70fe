import { resourcesOf, whereIs, type Assembly } from './assembly';
import type { Finding } from './findings';

/**
 * What every platform function (the ones carrying `dvp:handler`) must be given, non-empty:
 * functions/lib/config.ts reads these, and PUBLIC_URL is where every e-mail link points.
 */
export const REQUIRED_VARIABLES = ['STAGE', 'TABLE_NAME', 'UPLOADS_BUCKET', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'SES_FROM_ADDRESS', 'PUBLIC_URL'];

/** Text that means a value never got its real content. */
const PLACEHOLDERS: Array<[RegExp, string]> = [
  [/\$\{Token\[|#\{Token\[|-1\.8881545897087\d*e\+289/, 'an unresolved CDK token'],
  [/^(undefined|null|NaN|\[object Object\])$/, 'a stringified missing value'],
  [/\$\{[^}]*\}/, 'an unsubstituted ${…} variable'],
  [/<[a-z][\w -]*>|\b(CHANGE_?ME|REPLACE_?ME|TODO|FIXME|TBD)\b/i, 'a placeholder'],
  [/^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)([:/]|$)/i, 'a local address'],
];

/** The literal strings of a value: intrinsic functions are walked, except Fn::Sub whose `${…}` are CloudFormation's. */
function literals(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(literals);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => (k === 'Fn::Sub' ? [] : k === 'Ref' || k === 'Fn::GetAtt' ? [] : literals(v)));
  }
  return [];
}

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Environment values of every function that were left unresolved, hold a placeholder, or are missing. */
export function environmentFindings(assembly: Assembly): Finding[] {
  const findings: Finding[] = [];
  for (const { entry, logicalId, resource } of resourcesOf(assembly, 'AWS::Lambda::Function')) {
    const where = whereIs(entry, logicalId);
    const variables = (resource.Properties?.Environment?.Variables ?? {}) as Record<string, unknown>;
    for (const [name, value] of Object.entries(variables)) {
      if (isEmpty(value)) {
        findings.push({ check: 'environment', where, problem: `${name} is empty` });
        continue;
      }
      for (const text of literals(value)) {
        const hit = PLACEHOLDERS.find(([pattern]) => pattern.test(text));
        if (hit) findings.push({ check: 'environment', where, problem: `${name} holds ${hit[1]}: "${text.slice(0, 80)}"` });
      }
    }
    if (resource.Metadata?.['dvp:handler']) {
      for (const name of REQUIRED_VARIABLES) {
        if (!(name in variables)) findings.push({ check: 'environment', where, problem: `${name} is not set` });
      }
    }
  }
  return findings;
}

/** Values that deploy but are surely not meant for a real stage: shown, not failed on. */
export function environmentNotes(assembly: Assembly): string[] {
  const notes = new Set<string>();
  for (const { resource } of resourcesOf(assembly, 'AWS::Lambda::Function')) {
    for (const [name, value] of Object.entries((resource.Properties?.Environment?.Variables ?? {}) as Record<string, unknown>)) {
      if (typeof value === 'string' && /(^|[@.])example\.(com|org|net)\b/i.test(value)) {
        notes.add(`${name} is "${value}", a reserved example domain: pass the stage's own (-c fromAddress=…, -c publicUrl=…) when deploying`);
      }
    }
  }
  return [...notes];
}
