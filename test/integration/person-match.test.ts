import { beforeAll, describe, expect, it } from 'vitest';
import { comparisonPath, configureDataPoints, listAll, uploadFile, waitForRun } from '../../infra/local/api-flow';
import { comparisonConfig } from '../fixtures/generator/comparison-config';
import { callAs, companyOf, stackDb } from '../support/comparison-fixture';
import { csvFile, personMatchFixture } from '../support/person-match-fixture';

/**
 * A comparison matched by person through the API: the carrier writes its own member ids and some
 * nicknames; two of its rows are changed enough to fall below the threshold. The first run stops
 * with them waiting under Confirm matches; one is accepted, the other rejected, and the next runs
 * compare on the pairs, the rejected one staying rejected.
 */
const ADMIN = 'company-admin@demo.example';
const admin = callAs(ADMIN);
const fixture = personMatchFixture('person-api');
const { rowA, rowB } = fixture;

describe('matching by person when the files share no identifier', () => {
  let companyId: string;
  let base: string;
  const run = async () => {
    const started = await admin('POST', `${base}/run`);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    return waitForRun(admin, base);
  };

  beforeAll(async () => {
    ({ companyId } = await companyOf(ADMIN));
    const created = await admin('POST', `/api/companies/${companyId}/comparisons`, {
      name: 'Person match',
      type: 'COMPARE_ONLY',
      audit_type: 'ENROLLMENT_AUDIT',
      match_by: 'PERSON',
      match_threshold: 90,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ match_by: 'PERSON', match_threshold: 90 });
    base = comparisonPath(companyId, created.body.id);
    await uploadFile(admin, base, 'BASELINE', csvFile('baseline.csv', fixture.baseline));
    await uploadFile(admin, base, 'SECONDARY', csvFile('carrier.csv', fixture.secondary));
    // No SSN identifier: the carrier's ids cannot join; the benefit type stays the coverage line.
    const config = comparisonConfig();
    config.data_points = config.data_points.map((p) => ({ ...p, is_unique_identifier: p.id === 'benefit_type' }));
    await configureDataPoints(admin, companyId, base, config, 'Person match');
  });

  it('saves data points without any identifier, and refuses them without the date of birth, saying so and changing nothing', async () => {
    const saved = await listAll(admin, `${base}/data_points`);
    const inputs = saved.map((p: Record<string, unknown>) => ({
      baseline_column_name: p.baseline_column_name,
      secondary_column_name: p.secondary_column_name,
      is_unique_identifier: p.is_unique_identifier,
      ...(p.data_mapping_id ? { data_mapping_id: p.data_mapping_id } : {}),
      ...(p.date_format ? { date_format: p.date_format } : {}),
      ...(p.discrepancy_function ? { discrepancy_function: p.discrepancy_function } : {}),
    }));
    const noDob = inputs.filter((p) => p.baseline_column_name !== 'DOB');
    const refused = await admin('PUT', `${base}/data_points`, noDob);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('Matching by person needs the date of birth, the last name and the first name');
    expect(refused.body.message).toContain('Missing: date of birth.');
    expect(await listAll(admin, `${base}/data_points`)).toHaveLength(saved.length);

    const none = inputs.map((p) => ({ ...p, is_unique_identifier: false }));
    const accepted = await admin('PUT', `${base}/data_points`, none);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.warnings).toEqual([]);
    const back = await admin('PUT', `${base}/data_points`, inputs);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });

  it('refuses a threshold outside 0–100 and changes nothing', async () => {
    const before = (await admin('GET', base)).body;
    const res = await admin('PATCH', base, { match_threshold: 101, updated_at: before.updated_at });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('match_threshold must be a whole number from 0 to 100');
    expect((await admin('GET', base)).body.match_threshold).toBe(90);
  });

  it('stops before comparing, waiting for confirmation (not failed), while proposals below the threshold wait, and lists them with reasons', async () => {
    const done = await run();
    const waiting = 2;
    expect(done).toMatchObject({ status: 'AWAITING_MATCH_CONFIRMATION', match_candidates_waiting: waiting });
    expect(done.status_reason).toBe(`${waiting} proposed matches wait for confirmation. Accept or reject each under Confirm matches, then run the comparison again.`);
    const items = await listAll(admin, `${base}/match_candidates`);
    expect(items).toHaveLength(waiting);
    const a = items.find((c: { secondary: { row: number } }) => c.secondary.row === rowA);
    expect(a.confidence).toBeLessThan(90);
    expect(a.reasons).toMatch(/^same DOB, last name, .*first name .+ ↔ ZEBEDIAH$/);
    expect(a.baseline.row).toBe(fixture.truth[rowA]);
    expect(a.decision).toBeNull();
    // What is shown to confirm carries no SSN and no date of birth.
    const shown = items.map((c: { baseline: unknown; secondary: unknown; alternatives: unknown; reasons: string }) => [c.baseline, c.secondary, c.alternatives, c.reasons]);
    expect(JSON.stringify(shown)).not.toMatch(/\d{3}-?\d{2}-?\d{4}|\d{8}|\d{4}-\d{2}-\d{2}|\d{2}\/\d{2}\/\d{4}/);
  });

  it('refuses a bad decision with 400, an unknown candidate or another tenant with 404, and changes nothing', async () => {
    const [first] = await listAll(admin, `${base}/match_candidates`);
    expect((await admin('PATCH', `${base}/match_candidates/${first.id}`, { decision: 'MAYBE' })).status).toBe(400);
    const notAChoice = await admin('PATCH', `${base}/match_candidates/${first.id}`, { decision: 'ACCEPT', baseline_row: 99_999 });
    expect(notAChoice.status).toBe(400);
    expect(notAChoice.body.message).toBe('baseline_row must be the proposed baseline row or one of its alternatives');
    expect((await admin('PATCH', `${base}/match_candidates/c99999999`, { decision: 'REJECT' })).status).toBe(404);
    const db = await stackDb();
    const { data: companies } = await db.entities.company.scan.go({ pages: 'all' });
    const foreign = companies.find((c) => c.id !== companyId)!;
    const foreignBase = comparisonPath(foreign.id, base.split('/').pop()!);
    expect((await admin('GET', `${foreignBase}/match_candidates`)).status).toBe(404);
    expect((await admin('PATCH', `${foreignBase}/match_candidates/${first.id}`, { decision: 'ACCEPT' })).status).toBe(404);
    const after = await listAll(admin, `${base}/match_candidates?decision=UNDECIDED`);
    expect(after.map((c: { id: string }) => c.id)).toContain(first.id);
  });

  it('compares on the confirmed pairs: the accepted one is a name discrepancy, the rejected one is on one side only', async () => {
    const items = await listAll(admin, `${base}/match_candidates`);
    let waiting = items.length;
    for (const c of items) {
      const decision = c.secondary.row === rowB ? 'REJECT' : 'ACCEPT';
      const res = await admin('PATCH', `${base}/match_candidates/${c.id}`, { decision });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.decision).toBe(decision);
      // The comparison counts what still waits.
      expect((await admin('GET', base)).body.match_candidates_waiting).toBe(--waiting);
    }
    const done = await run();
    expect(done.status, done.status_reason).toBe('SUCCEEDED');
    const rejected = 1;
    expect(done.summary).toMatchObject({ missing_in_baseline: rejected, missing_in_secondary: rejected, matched_rows: 40 - rejected });
    const discrepancies = await listAll(admin, `${base}/data_point_discrepancies?skipverification=true`);
    const firstNames = discrepancies.filter((d: { data_point_id: string; suggested_type: string | null }) => d.data_point_id.endsWith('first_name') || d.suggested_type === 'NAME_MISMATCH');
    expect(firstNames.some((d: { secondary_value: string }) => d.secondary_value === 'ZEBEDIAH')).toBe(true);
    // The carrier's own ids replaced the SSNs: they are not reported as differences.
    expect(discrepancies.some((d: { secondary_value: string }) => /^K\d{8}$/.test(d.secondary_value))).toBe(false);
    const missing = await listAll(admin, `${base}/missing_discrepancies?kind=MISSING_IN_BASELINE`);
    expect(missing).toHaveLength(rejected);
  });

  it('keeps the rejected pair rejected on a re-run', async () => {
    const done = await run();
    expect(done.status, done.status_reason).toBe('SUCCEEDED');
    const rejected = await listAll(admin, `${base}/match_candidates?decision=REJECT`);
    expect(rejected.map((c: { secondary: { row: number } }) => c.secondary.row)).toEqual([rowB]);
    expect(done.summary.missing_in_baseline).toBe(1);
  });
});

describe('a rejected proposal offers the row its next alternative on the next run', () => {
  let base: string;
  const run = async () => {
    const started = await admin('POST', `${base}/run`);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    return waitForRun(admin, base);
  };
  const undecided = async () => listAll(admin, `${base}/match_candidates?decision=UNDECIDED`);

  beforeAll(async () => {
    const { companyId } = await companyOf(ADMIN);
    const created = await admin('POST', `/api/companies/${companyId}/comparisons`, {
      name: 'Person match alternatives',
      type: 'COMPARE_ONLY',
      audit_type: 'ENROLLMENT_AUDIT',
      match_by: 'PERSON',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    base = comparisonPath(companyId, created.body.id);
    // Two sisters of one birthday; the carrier writes one of them as ANN: either could be her.
    const baseline = {
      columns: ['SSN', 'First Name', 'Last Name', 'DOB', 'Zip'],
      rows: [
        ['111-22-3333', 'Anna', 'Kim', '01/01/1985', '02139'],
        ['111-22-4444', 'Anne', 'Kim', '01/01/1985', '02139'],
        ['111-22-5555', 'John', 'Doe', '03/04/1970', '02139'],
      ],
    };
    const carrier = {
      columns: ['Member ID', 'FNAME', 'LNAME', 'Birth Date', 'Zip Code'],
      rows: [
        ['K10000001', 'ANN', 'KIM', '19850101', '02139'],
        ['K10000002', 'JOHN', 'DOE', '19700304', '02139'],
      ],
    };
    await uploadFile(admin, base, 'BASELINE', csvFile('baseline.csv', baseline));
    await uploadFile(admin, base, 'SECONDARY', csvFile('carrier.csv', carrier));
    const saved = await admin('PUT', `${base}/data_points`, [
      { baseline_column_name: 'First Name', secondary_column_name: 'FNAME', is_unique_identifier: false },
      { baseline_column_name: 'Last Name', secondary_column_name: 'LNAME', is_unique_identifier: false },
      { baseline_column_name: 'DOB', secondary_column_name: 'Birth Date', is_unique_identifier: false, date_format: { baseline: 'MM/dd/yyyy', secondary: 'yyyyMMdd' } },
      { baseline_column_name: 'Zip', secondary_column_name: 'Zip Code', is_unique_identifier: false },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it('proposes the next baseline row after a rejection, and leaves the row unpaired once every alternative is rejected', async () => {
    const first = await run();
    expect(first).toMatchObject({ status: 'AWAITING_MATCH_CONFIRMATION', match_candidates_waiting: 1 });
    const [proposal] = await undecided();
    expect(proposal.baseline.first_name).toBe('Anna');
    expect(proposal.alternatives.map((a: { baseline: { first_name: string } }) => a.baseline.first_name)).toEqual(['Anne']);
    expect((await admin('PATCH', `${base}/match_candidates/${proposal.id}`, { decision: 'REJECT' })).status).toBe(200);

    const second = await run();
    expect(second).toMatchObject({ status: 'AWAITING_MATCH_CONFIRMATION', match_candidates_waiting: 1 });
    const [next] = await undecided();
    expect(next).toMatchObject({ id: proposal.id, decision: null, rejected_baseline_rows: [proposal.baseline.row], alternatives: [] });
    expect(next.baseline.first_name).toBe('Anne');
    expect((await admin('PATCH', `${base}/match_candidates/${next.id}`, { decision: 'REJECT' })).status).toBe(200);

    const third = await run();
    expect(third.status, third.status_reason).toBe('SUCCEEDED');
    expect(third.summary).toMatchObject({ matched_rows: 1, missing_in_baseline: 1, missing_in_secondary: 2 });
    const rejected = await listAll(admin, `${base}/match_candidates?decision=REJECT`);
    expect(rejected).toHaveLength(1);
    expect(rejected[0].baseline.first_name).toBe('Anne');
  });
});
