import { describe, expect, it } from 'vitest';
import { defaultExportColumns, resolveExportColumns } from './export-columns';
import {
  exportColumnsPutSchema,
  exportColumnsTemplateCreateSchema,
  exportColumnsTemplateUpdateSchema,
  exportRequestSchema,
} from './schemas/export-columns';

const baseline = ['SSN', 'First Name', 'Last Name', 'Premium'];
const carrier = ['Member ID', 'FName', 'Carrier Premium', 'Group'];
const dataPoints = [
  { baseline_column_name: 'SSN', secondary_column_name: 'Member ID' },
  { baseline_column_name: 'Premium', secondary_column_name: 'Carrier Premium' },
];

describe('resolveExportColumns', () => {
  it('orders explicit columns by index, renames, keeps the rule and maps carrier columns through data points', () => {
    const plan = resolveExportColumns(
      [
        { file_type: 'SECONDARY', secondary_column_name: 'Carrier Premium', index: 2, renamed_column_name: 'Billed' },
        { file_type: 'BASELINE', baseline_column_name: 'ssn', index: 0, formatting_rule: 'SSN_WITH_DASHES' },
        { file_type: 'BASELINE', baseline_column_name: 'Last Name', index: 1 },
        { file_type: 'SECONDARY', secondary_column_name: 'Group', index: 3 },
      ],
      baseline,
      carrier,
      { dataPoints },
    );
    expect(plan.columns.map((c) => [c.header, c.file_type, c.column_name, c.position, c.formatting_rule, c.baseline_column_name])).toEqual([
      ['SSN', 'BASELINE', 'SSN', 0, 'SSN_WITH_DASHES', 'SSN'],
      ['Last Name', 'BASELINE', 'Last Name', 2, null, 'Last Name'],
      ['Billed', 'SECONDARY', 'Carrier Premium', 2, null, 'Premium'],
      ['Group', 'SECONDARY', 'Group', 3, null, null],
    ]);
    expect(plan.missing).toEqual([]);
  });

  it('empty means every baseline column', () => {
    const plan = resolveExportColumns([], baseline, carrier);
    expect(plan.columns.map((c) => c.header)).toEqual(baseline);
    expect(defaultExportColumns(['A'])).toEqual([{ file_type: 'BASELINE', baseline_column_name: 'A', index: 0 }]);
  });

  it('a template: side from the named column, baseline first; absent columns reported; headers made unique', () => {
    const plan = resolveExportColumns(
      {
        columns: [
          { baseline_column_name: 'First Name', secondary_column_name: 'FName', index: 0 },
          { baseline_column_name: 'Nope', secondary_column_name: 'FName', index: 1, renamed_column_name: 'First Name' },
          { baseline_column_name: 'Dept', index: 2 },
        ],
      },
      baseline,
      carrier,
    );
    expect(plan.columns.map((c) => [c.header, c.file_type])).toEqual([
      ['First Name', 'BASELINE'],
      ['First Name (2)', 'SECONDARY'],
    ]);
    expect(plan.missing).toEqual([{ index: 2, file_type: null, column_name: 'Dept' }]);
  });
});

describe('export column schemas', () => {
  it('accepts a list and names the field a side needs', () => {
    expect(
      exportColumnsPutSchema.parse([{ file_type: 'BASELINE', baseline_column_name: 'SSN', index: 0, formatting_rule: 'SSN_WITHOUT_DASHES', renamed_column_name: '' }]),
    ).toEqual([
      { file_type: 'BASELINE', baseline_column_name: 'SSN', secondary_column_name: null, index: 0, renamed_column_name: null, formatting_rule: 'SSN_WITHOUT_DASHES' },
    ]);
    const r = exportColumnsPutSchema.safeParse([{ file_type: 'SECONDARY', baseline_column_name: 'SSN', index: 0 }]);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual([0, 'secondary_column_name']);
  });

  it('refuses an unknown rule or file type, a repeated index and a repeated header', () => {
    const bad = exportColumnsPutSchema.safeParse([
      { file_type: 'BASELINE', baseline_column_name: 'A', index: 0, formatting_rule: 'SSN_STARS' },
      { file_type: 'OTHER', baseline_column_name: 'B', index: 1 },
    ]);
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['0.formatting_rule', '1.file_type']);
    const dup = exportColumnsPutSchema.safeParse([
      { file_type: 'BASELINE', baseline_column_name: 'A', index: 0 },
      { file_type: 'BASELINE', baseline_column_name: 'B', index: 0, renamed_column_name: 'a' },
    ]);
    expect(dup.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['1.index', '1.renamed_column_name']);
  });

  it('templates need a name and a column naming a side; updates need updated_at', () => {
    expect(exportColumnsTemplateCreateSchema.safeParse({ name: 'Carrier layout', columns: [{ secondary_column_name: 'X', index: 0 }] }).success).toBe(true);
    const r = exportColumnsTemplateCreateSchema.safeParse({ name: ' ', columns: [{ index: 0 }] });
    expect(r.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['columns.0.baseline_column_name', 'name']);
    expect(exportColumnsTemplateUpdateSchema.safeParse({ name: 'x' }).success).toBe(false);
  });

  it('export kind: unknown refused naming kind', () => {
    expect(exportRequestSchema.parse({ kind: 'MERGED' })).toEqual({ kind: 'MERGED' });
    const r = exportRequestSchema.safeParse({ kind: 'PDF' });
    expect(r.error!.issues[0]!.path).toEqual(['kind']);
    expect(r.error!.issues[0]!.message).toContain('kind');
  });
});
