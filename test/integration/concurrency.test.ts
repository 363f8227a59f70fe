import { beforeAll, describe, expect, it } from 'vitest';
import { listAll } from '../../infra/local/api-flow';
import { api } from '../support/api';
import { callAs, companyOf, finishedComparison, smallConfig, type FinishedComparison } from '../support/comparison-fixture';

/**
 * Writes that race: two runs of one comparison started at once, twenty resolutions of one
 * discrepancy carrying the same version, and two replacements of a whole set (data points, export
 * columns) at once. Exactly one of each wins; the rest are 409 and change nothing; a set is never a
 * mix of the two.
 */
const ADMIN = 'company-admin@demo.example';
let finished: FinishedComparison;

beforeAll(async () => {
  const { companyId } = await companyOf(ADMIN);
  finished = await finishedComparison(ADMIN, companyId, `Races ${Date.now()}`);
}, 180_000);

describe('writes that race', () => {
  it('twenty resolutions of one discrepancy with the same updated_at: exactly one 200', async () => {
    const [first] = await listAll(callAs(ADMIN), `${finished.base}/data_point_discrepancies?skipverification=true`);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api('PATCH', `${finished.base}/data_point_discrepancies/${first.id}`, {
          as: ADMIN,
          body: { resolved_discrepancy_type: 'OTHER', resolved_notes: `writer ${i}`, updated_at: first.updated_at },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = answers.find((a) => a.status === 200)!.body.resolved_notes;
    const now = (await listAll(callAs(ADMIN), `${finished.base}/data_point_discrepancies?skipverification=true`)).find((d) => d.id === first.id);
    expect(now.resolved_notes).toBe(winner);
  });

  it('two PUTs of the data points at once leave one complete set, never a mix', async () => {
    const { companyId } = await companyOf(ADMIN);
    const setUp = await finishedComparison(ADMIN, companyId, `Race set ${Date.now()}`);
    const all = smallConfig().data_points.map((p) => ({
      baseline_column_name: p.baseline_column_name,
      secondary_column_name: p.secondary_column_name,
      is_unique_identifier: p.is_unique_identifier,
    }));
    const a = all.slice(0, 6);
    const b = [...all.slice(0, 5), ...all.slice(8, 12)];
    const answers = await Promise.all([a, b, a, b].map((set) => api('PUT', `${setUp.base}/data_points`, { as: ADMIN, body: set })));
    expect(answers.every((r) => r.status === 200 || r.status === 409), JSON.stringify(answers.map((r) => r.status))).toBe(true);
    const saved = (await api('GET', `${setUp.base}/data_points`, { as: ADMIN })).body.items.map((p: { baseline_column_name: string }) => p.baseline_column_name);
    const names = (set: typeof a) => set.map((p) => p.baseline_column_name);
    expect([JSON.stringify(names(a)), JSON.stringify(names(b))]).toContain(JSON.stringify(saved));
  });

  it('two PUTs of the export columns at once leave one whole list', async () => {
    const list = (names: string[]) => names.map((baseline_column_name, index) => ({ file_type: 'BASELINE', baseline_column_name, index }));
    const a = list(['SSN', 'First Name', 'Last Name', 'DOB']);
    const b = list(['Employee SSN', 'Benefit Type', 'Plan Name', 'Coverage Tier', 'Monthly Premium']);
    const answers = await Promise.all([a, b, a, b].map((body) => api('PUT', `${finished.base}/export_columns`, { as: ADMIN, body })));
    expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((r) => r.status === 200 || r.status === 409), JSON.stringify(answers.map((r) => r.status))).toBe(true);
    const saved = (await api('GET', `${finished.base}/export_columns`, { as: ADMIN })).body.items.map((c: { baseline_column_name: string }) => c.baseline_column_name);
    expect([JSON.stringify(a.map((c) => c.baseline_column_name)), JSON.stringify(b.map((c) => c.baseline_column_name))]).toContain(JSON.stringify(saved));
  });

  it('two runs of one comparison started at once: one 202, one 409', async () => {
    const { companyId } = await companyOf(ADMIN);
    const again = await finishedComparison(ADMIN, companyId, `Race run ${Date.now()}`);
    const answers = await Promise.all([1, 2].map(() => api('POST', `${again.base}/run`, { as: ADMIN })));
    expect(answers.map((r) => r.status).sort()).toEqual([202, 409]);
  });
});
