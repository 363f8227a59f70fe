import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { X12parser } from 'x12-parser';
import { listAll } from '../../infra/local/api-flow';
import { api } from '../support/api';
import { callAs, companyOf, finishedComparison } from '../support/comparison-fixture';
import { check834Structure, type Segment } from '../support/x12-834-structure';
import truth from '../fixtures/small/truth.json';

/**
 * The 834s the platform writes, read by an X12 parser that is not the project's (x12-parser): the
 * correction file of a comparison whose findings of several kinds were confirmed through the API,
 * and the merged enrollment as a full file. Every segment tokenizes, and the file holds to the
 * implementation guide's envelope, loop order and maintenance codes (test/support/x12-834-structure.ts).
 */
const ADMIN = 'company-admin@demo.example';
const admin = callAs(ADMIN);
let base: string;
/** The kinds confirmed, by the values the carrier and the baseline hold. */
const CONFIRMED = ['COST', 'BENEFIT_AMOUNT', 'NAME_MISMATCH', 'COVERAGE_TIER', 'DOB_MISMATCH', 'WRONG_PLAN'];
const confirmed: string[] = [];

async function download(url: string): Promise<Buffer> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** The file's segments as x12-parser gives them: an object per segment, elements under "1", "2"…, components under "1-1"…. */
async function tokenize(bytes: Buffer): Promise<Segment[]> {
  const segments: Segment[] = [];
  await new Promise<void>((resolve, reject) => {
    const parser = new X12parser();
    parser.on('data', (s: Record<string, string>) => {
      const count = Object.keys(s).filter((k) => /^\d+$/.test(k)).length;
      const elements = Array.from({ length: count }, (_, i) => {
        const components = [s[String(i + 1)] ?? ''];
        for (let c = 1; s[`${i + 1}-${c}`] !== undefined; c++) components.push(s[`${i + 1}-${c}`]!);
        return components.join(':');
      });
      segments.push({ tag: s.name!, elements });
    });
    parser.on('end', resolve);
    parser.on('error', reject);
    Readable.from([bytes]).on('error', reject).pipe(parser);
  });
  // x12-parser hands on the line break after the last segment terminator as a segment of no name.
  const last = segments.at(-1);
  if (last && last.tag === '' && last.elements.every((e) => !e)) segments.pop();
  return segments;
}

function expectTokenized(bytes: Buffer, segments: readonly Segment[]) {
  expect(segments.length).toBe(bytes.toString('latin1').split('~').filter((s) => s.trim()).length);
  for (const s of segments) expect(s.tag).toMatch(/^[A-Z][A-Z0-9]{1,2}$/);
}

/** Each INS's members: INS03, then each HD01 with its DTP qualifiers. */
function coverages(segments: readonly Segment[]) {
  const members: Array<{ ins03: string; ref0f: boolean; names: number; coverages: Array<{ hd01: string; dates: string[] }> }> = [];
  for (const s of segments) {
    const member = members.at(-1);
    if (s.tag === 'INS') members.push({ ins03: s.elements[2]!, ref0f: false, names: 0, coverages: [] });
    else if (s.tag === 'SE') break;
    else if (!member) continue;
    else if (s.tag === 'REF' && s.elements[0] === '0F') member.ref0f = true;
    else if (s.tag === 'NM1' && s.elements[0] === 'IL') member.names++;
    else if (s.tag === 'HD') member.coverages.push({ hd01: s.elements[0]!, dates: [] });
    else if (s.tag === 'DTP' && member.coverages.length) member.coverages.at(-1)!.dates.push(s.elements[0]!);
  }
  return members;
}

beforeAll(async () => {
  const { companyId } = await companyOf(ADMIN);
  base = (await finishedComparison(ADMIN, companyId, `834 other parser ${Date.now()}`, 'COMPARE_MERGE')).base;
  const discrepancies = await listAll(admin, `${base}/data_point_discrepancies?skipverification=true`);
  for (const d of discrepancies) {
    const kind = truth.differences.find((t) => CONFIRMED.includes(t.kind) && t.baseline_value === d.baseline_value && t.secondary_value === d.secondary_value)?.kind;
    if (!kind) continue;
    const res = await api('PATCH', `${base}/data_point_discrepancies/${d.id}`, {
      as: ADMIN,
      body: { resolved_discrepancy_type: kind, resolved_value_source: 'BASELINE', resolved_notes: 'the carrier has it wrong', updated_at: d.updated_at },
    });
    expect(res.status).toBe(200);
    confirmed.push(kind);
  }
  const missing = await listAll(admin, `${base}/missing_discrepancies`);
  const enrolledOnly = missing.find((m) => m.kind === 'MISSING_IN_SECONDARY');
  const billedOnly = missing.find((m) => m.kind === 'MISSING_IN_BASELINE');
  const add = await api('PATCH', `${base}/missing_discrepancies/${enrolledOnly.id}`, { as: ADMIN, body: { resolved_inclusion: true, resolved_discrepancy_type: 'MISSING_ENROLLMENT', updated_at: enrolledOnly.updated_at } });
  const term = await api('PATCH', `${base}/missing_discrepancies/${billedOnly.id}`, { as: ADMIN, body: { resolved_inclusion: false, resolved_notes: 'left the company', updated_at: billedOnly.updated_at } });
  expect([add.status, term.status]).toEqual([200, 200]);
  const complete = await api('POST', `${base}/complete`, { as: ADMIN, body: { override: true } });
  expect(complete.status).toBe(200);
});

describe('834s the platform writes, read by x12-parser', () => {
  it('the correction file: every segment tokenizes, the envelope counts agree, and each member holds to the guide (001 change, 021 addition, 024 termination)', async () => {
    expect(new Set(confirmed).size, `kinds confirmed: ${confirmed.join(', ')}`).toBeGreaterThanOrEqual(4);
    const res = await api('POST', `${base}/correction_files`, { as: ADMIN, body: { format: 'X12_834' } });
    expect(res.status).toBe(200);
    const bytes = await download(res.body.url);
    const segments = await tokenize(bytes);
    expectTokenized(bytes, segments);
    expect(check834Structure(segments, new Set(['001', '021', '024']))).toEqual([]);

    const members = coverages(segments);
    expect(new Set(members.flatMap((m) => m.coverages.map((c) => c.hd01)))).toEqual(new Set(['001', '021', '024']));
    for (const m of members) {
      expect(m.ref0f && m.names === 1).toBe(true);
      for (const c of m.coverages) {
        expect(c.dates).toContain('348');
        if (c.hd01 === '024') expect(c.dates).toContain('349');
      }
    }
    expect(segments.filter((s) => s.tag === 'GS')).toHaveLength(1);
    const [isa, gs, st, se, ge, iea] = ['ISA', 'GS', 'ST', 'SE', 'GE', 'IEA'].map((tag) => segments.find((s) => s.tag === tag)!);
    expect(Number(se!.elements[0])).toBe(segments.indexOf(se!) - segments.indexOf(st!) + 1);
    expect([se!.elements[1], ge!.elements[0], ge!.elements[1], iea!.elements[0], iea!.elements[1]]).toEqual([st!.elements[1], '1', gs!.elements[5], '1', isa!.elements[12]]);

    // The checker finds what breaks the guide: a segment moved out of its loop's order and a wrong SE01.
    const dmg = segments.findIndex((s) => s.tag === 'DMG');
    const broken = segments.map((s) => (s.tag === 'SE' ? { ...s, elements: [String(Number(s.elements[0]) + 1), s.elements[1]!] } : s));
    [broken[dmg], broken[dmg - 1]] = [broken[dmg - 1]!, broken[dmg]!];
    expect(check834Structure(broken, new Set(['001', '021', '024']))).toEqual([expect.stringMatching(/out of the guide's loop order/), expect.stringMatching(/SE01 is/)]);
  });

  it('the merged enrollment as a full file: every segment tokenizes and every member and coverage is an audit (030) in the guide\'s order', async () => {
    const res = await api('POST', `${base}/export`, { as: ADMIN, body: { kind: 'X12_834' } });
    expect(res.status).toBe(200);
    const bytes = await download(res.body.url);
    const segments = await tokenize(bytes);
    expectTokenized(bytes, segments);
    expect(check834Structure(segments, new Set(['030']))).toEqual([]);
    const members = coverages(segments);
    expect(members.reduce((n, m) => n + m.coverages.length, 0)).toBe(res.body.counts.rows);
    expect(new Set(members.map((m) => m.ins03))).toEqual(new Set(['030']));
  });
});
