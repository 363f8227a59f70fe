import { readFileSync } from 'node:fs';
import path from 'node:path';
import { comparisonPath, configureDataPoints, uploadFile, waitForRun } from '../../infra/local/api-flow';
import { api } from './api';
import { callAs, smallConfig } from './comparison-fixture';

/**
 * Successive audits of one company carrier with known changes between them, from the small
 * generated pair (test/fixtures/small): the carrier file as generated (12 findings), then one that
 * fixes three of them (a premium, a last name, a person only at the carrier) and brings one new (a
 * gender).
 */
const dir = path.resolve(import.meta.dirname, '../fixtures/small');
const baseline = readFileSync(path.join(dir, 'baseline.csv'), 'utf8');
export const firstCarrierFile = readFileSync(path.join(dir, 'secondary.csv'), 'utf8');

/** The carrier file with three findings of the small pair fixed and one new finding. */
export function fixedCarrierFile(): string {
  const lines = firstCarrierFile.split('\n');
  const header = lines[0].split(',');
  const col = (name: string) => header.indexOf(name);
  const out: string[] = [];
  let changed = 0;
  for (const line of lines) {
    const cells = line.split(',');
    const member = cells[col('Member ID')];
    const coverage = cells[col('Line of Coverage')];
    if (member === '769663862' && coverage === 'MED') {
      changed++; // the person only at the carrier is gone
      continue;
    }
    const fix = (column: string, value: string) => {
      cells[col(column)] = value;
      changed++;
    };
    if (member === '841028231' && coverage === 'MED') fix('Premium', '712.40');
    if (member === '471340479' && coverage === 'MED') fix('LNAME', 'WHITE');
    // A new finding: the carrier now has this member's gender wrong.
    if (member === '458662241' && coverage === 'STD') fix('Sex', 'F');
    out.push(cells.join(','));
  }
  if (changed !== 4) throw new Error(`the small pair changed: ${changed} of 4 edits applied`);
  return out.join('\n');
}

/** A company carrier of its own (no other test's audits come before the ones made on it). */
export async function newCompanyCarrier(companyId: string): Promise<string> {
  const carriers = await api('GET', '/api/carriers', { as: 'admin@demo.example' });
  const created = await api('POST', `/api/companies/${companyId}/company_carriers`, { as: 'admin@demo.example', body: { carrier_id: carriers.body.items[0].id } });
  if (created.status !== 201) throw new Error(`create company carrier: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id as string;
}

/** A comparison of the company carrier with this carrier file, run to SUCCEEDED. */
export async function carrierAudit(user: string, companyId: string, companyCarrierId: string, name: string, carrierFile: string) {
  const call = callAs(user);
  const created = await call('POST', `/api/companies/${companyId}/comparisons`, {
    name,
    type: 'COMPARE_ONLY',
    audit_type: 'ENROLLMENT_AUDIT',
    company_carrier_id: companyCarrierId,
  });
  if (created.status !== 201) throw new Error(`create comparison: ${created.status} ${JSON.stringify(created.body)}`);
  const base = comparisonPath(companyId, created.body.id);
  const csv = (fileName: string, text: string) => ({ name: fileName, bytes: Buffer.from(text), contentType: 'text/csv' });
  await uploadFile(call, base, 'BASELINE', csv('baseline.csv', baseline));
  await uploadFile(call, base, 'SECONDARY', csv('secondary.csv', carrierFile));
  await configureDataPoints(call, companyId, base, smallConfig(), name);
  const started = await call('POST', `${base}/run`);
  if (started.status !== 202) throw new Error(`run: ${started.status} ${JSON.stringify(started.body)}`);
  const done = await waitForRun(call, base);
  if (done.status !== 'SUCCEEDED') throw new Error(`run ended ${done.status}: ${done.status_reason}`);
  return { id: created.body.id as string, base };
}

/**
 * The carrier file with the premium of `count` members' lines of coverage made wrong by $100.00,
 * none of them a member the small pair already finds something about: `count` findings more than
 * the carrier file as generated, each fixed when that file comes next. Answers the edited lines'
 * member ids with them.
 */
export function wrongPremiumsCarrierFile(count: number): { text: string; members: string[] } {
  const truth = JSON.parse(readFileSync(path.join(dir, 'truth.json'), 'utf8')) as { differences: Array<{ key: string }> };
  const flagged = new Set(truth.differences.map((d) => d.key.split('|')[0]));
  const lines = firstCarrierFile.split('\n');
  const header = lines[0].split(',');
  const member = header.indexOf('Member ID');
  const premium = header.indexOf('Premium');
  const members: string[] = [];
  const out = lines.map((line, i) => {
    const cells = line.split(',');
    if (i === 0 || members.length === count || cells.length < header.length || flagged.has(cells[member]) || members.includes(cells[member])) return line;
    members.push(cells[member]);
    cells[premium] = (Number(cells[premium]) + 100).toFixed(2);
    return cells.join(',');
  });
  if (members.length !== count) throw new Error(`the small pair has ${members.length} members to edit, not ${count}`);
  return { text: out.join('\n'), members };
}
