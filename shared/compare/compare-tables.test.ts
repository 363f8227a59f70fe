import { describe, expect, it } from 'vitest';
import { compareTables, compareTablesSync } from './compare-tables';
import type { CompareConfig, CompareDataPoint, SyncTable } from './types';

const ssnKey: CompareDataPoint = {
  id: 'ssn',
  baseline_column_name: 'SSN',
  secondary_column_name: 'Member ID',
  is_unique_identifier: true,
};

function table(columns: string[], ...rows: string[][]): SyncTable {
  return { columns, rows };
}

function config(...points: Array<Partial<CompareDataPoint> & Pick<CompareDataPoint, 'id' | 'baseline_column_name' | 'secondary_column_name'>>): CompareConfig {
  return { data_points: [ssnKey, ...points.map((p) => ({ is_unique_identifier: false, ...p }))] };
}

describe('SSN identifiers', () => {
  it('joins dashed, bare and zero-dropped SSNs as the same member', () => {
    const baseline = table(['SSN', 'First Name'], ['012-34-5678', 'Ann'], ['123-45-6789', 'Bob']);
    const secondary = table(['Member ID', 'FNAME'], ['12345678', 'ANN'], ['123456789', 'BOB']);

    const result = compareTablesSync(baseline, secondary, config({ id: 'first', baseline_column_name: 'First Name', secondary_column_name: 'FNAME' }));

    expect(result.summary.matched_rows).toBe(2);
    expect(result.missing).toEqual([]);
    expect(result.discrepancies).toEqual([]);
  });

  it('compares an SSN data point that is not the identifier as nine digits too', () => {
    const baseline = table(['SSN', 'Employee SSN'], ['111-11-1111', '012-34-5678']);
    const secondary = table(['Member ID', 'Subscriber ID'], ['111111111', '12345678']);

    const result = compareTablesSync(baseline, secondary, config({ id: 'emp', baseline_column_name: 'Employee SSN', secondary_column_name: 'Subscriber ID' }));

    expect(result.discrepancies).toEqual([]);
    expect(result.data_points.find((p) => p.id === 'emp')?.value_kind).toBe('ssn');
  });
});

describe('text', () => {
  it('ignores case and extra whitespace by default', () => {
    const baseline = table(['SSN', 'Last Name'], ['111111111', "  O'Brien   Smith "]);
    const secondary = table(['Member ID', 'LNAME'], ['111111111', "O'BRIEN SMITH"]);

    const result = compareTablesSync(baseline, secondary, config({ id: 'last', baseline_column_name: 'Last Name', secondary_column_name: 'LNAME' }));

    expect(result.discrepancies).toEqual([]);
  });

  it('reads names as carriers store them (no accents, apostrophes, hyphens or periods) and still reports a changed letter', () => {
    const baseline = table(
      ['SSN', 'First Name', 'Last Name'],
      ['111111111', 'José', "O'Brien"],
      ['222222222', 'Mary-Ann', 'De La Cruz'],
      ['333333333', 'Zoë', 'St. John'],
      ['444444444', 'Anna', 'Nguyen'],
    );
    const secondary = table(
      ['Member ID', 'FNAME', 'LNAME'],
      ['111111111', 'JOSE', 'OBRIEN'],
      ['222222222', 'MARY ANN', 'DELACRUZ'],
      ['333333333', 'ZOE', 'ST JOHN'],
      ['444444444', 'ANA', 'NGUUYEN'],
    );

    const result = compareTablesSync(
      baseline,
      secondary,
      config({ id: 'first', baseline_column_name: 'First Name', secondary_column_name: 'FNAME' }, { id: 'last', baseline_column_name: 'Last Name', secondary_column_name: 'LNAME' }),
    );

    expect(result.discrepancies.map((d) => [d.baseline_value, d.secondary_value, d.suggested_type])).toEqual([
      ['Anna', 'ANA', 'NAME_MISMATCH'],
      ['Nguyen', 'NGUUYEN', 'NAME_MISMATCH'],
    ]);
  });

  it('reads address lines without punctuation, and still reports another word', () => {
    const baseline = table(['SSN', 'Address 1'], ['111111111', '123 Main St.'], ['222222222', 'Apt #4, 9 Elm Rd'], ['333333333', '5 Oak Street']);
    const secondary = table(['Member ID', 'Street Address'], ['111111111', '123 MAIN ST'], ['222222222', 'APT 4 9 ELM RD'], ['333333333', '5 OAK ST']);

    const result = compareTablesSync(baseline, secondary, config({ id: 'addr', baseline_column_name: 'Address 1', secondary_column_name: 'Street Address' }));

    expect(result.discrepancies.map((d) => d.baseline_value)).toEqual(['5 Oak Street']);
  });

  it('tells case apart when the data point is case-sensitive', () => {
    const baseline = table(['SSN', 'Last Name'], ['111111111', 'Smith']);
    const secondary = table(['Member ID', 'LNAME'], ['111111111', 'SMITH']);

    const result = compareTablesSync(
      baseline,
      secondary,
      config({ id: 'last', baseline_column_name: 'Last Name', secondary_column_name: 'LNAME', case_sensitive: true }),
    );

    expect(result.discrepancies).toHaveLength(1);
    expect(result.discrepancies[0]).toMatchObject({ baseline_value: 'Smith', secondary_value: 'SMITH', suggested_type: 'NAME_MISMATCH' });
  });
});

describe('numbers', () => {
  const premium = { id: 'premium', baseline_column_name: 'Monthly Premium', secondary_column_name: 'Premium' };

  it('does not report sub-cent float noise', () => {
    const baseline = table(['SSN', 'Monthly Premium'], ['111111111', '1296.75'], ['222222222', '123.45'], ['333333333', '30.38']);
    const secondary = table(['Member ID', 'Premium'], ['111111111', '1296.7499999'], ['222222222', '123.4500001'], ['333333333', '30.376']);

    const result = compareTablesSync(baseline, secondary, config(premium));

    expect(result.discrepancies).toEqual([]);
  });

  it('reports a one-cent difference as ROUNDING and a larger one as COST', () => {
    const baseline = table(['SSN', 'Monthly Premium'], ['111111111', '100.00'], ['222222222', '100.00']);
    const secondary = table(['Member ID', 'Premium'], ['111111111', '100.01'], ['222222222', '$1,100.00']);

    const result = compareTablesSync(baseline, secondary, config({ ...premium, discrepancy_function: 'MINUS: BASELINE - SECONDARY' }));

    expect(result.discrepancies.map((d) => [d.suggested_type, d.discrepancy_function_result])).toEqual([
      ['ROUNDING', -0.01],
      ['COST', -1000],
    ]);
  });

  it('reads currency signs and thousands separators', () => {
    const baseline = table(['SSN', 'Monthly Premium'], ['111111111', '1234.5']);
    const secondary = table(['Member ID', 'Premium'], ['111111111', '$1,234.50']);

    expect(compareTablesSync(baseline, secondary, config(premium)).discrepancies).toEqual([]);
  });

  it('treats differences within the tolerance as equal', () => {
    const baseline = table(['SSN', 'Monthly Premium'], ['111111111', '10.00']);
    const secondary = table(['Member ID', 'Premium'], ['111111111', '10.04']);

    expect(compareTablesSync(baseline, secondary, config({ ...premium, tolerance: 0.05 })).discrepancies).toEqual([]);
  });
});

describe('dates', () => {
  const dob = { id: 'dob', baseline_column_name: 'DOB', secondary_column_name: 'Birth Date' };

  it('compares MM/dd/yyyy against yyyyMMdd as dates', () => {
    const baseline = table(['SSN', 'DOB'], ['111111111', '01/02/1980'], ['222222222', '12/31/1975']);
    const secondary = table(['Member ID', 'Birth Date'], ['111111111', '19800102'], ['222222222', '19751231']);

    const result = compareTablesSync(baseline, secondary, config(dob));

    expect(result.discrepancies).toEqual([]);
    expect(result.data_points.find((p) => p.id === 'dob')).toMatchObject({
      value_kind: 'date',
      baseline_date_format: 'MM/dd/yyyy',
      secondary_date_format: 'yyyyMMdd',
    });
  });

  it('reads day and month swapped as a DOB mismatch, never as a re-guessed format', () => {
    const baseline = table(['SSN', 'DOB'], ['111111111', '01/02/1980'], ['222222222', '03/04/1990']);
    const secondary = table(['Member ID', 'Birth Date'], ['111111111', '02/01/1980'], ['222222222', '03/04/1990']);

    const result = compareTablesSync(baseline, secondary, config(dob));

    expect(result.discrepancies).toHaveLength(1);
    expect(result.discrepancies[0]).toMatchObject({ baseline_row_index: 0, suggested_type: 'DOB_MISMATCH' });
  });

  it('accepts ISO, Excel serial, yyyy/MM/dd, MM-dd-yyyy and MMddyyyy columns', () => {
    const baseline = table(['SSN', 'Hire Date'], ['111111111', '2024-03-15'], ['222222222', '2024-03-15T00:00:00.000Z']);
    const formats: Array<[string, string, string]> = [
      ['45366', '45366', 'EXCEL_SERIAL'],
      ['2024/03/15', '2024/03/15', 'yyyy/MM/dd'],
      ['03-15-2024', '03-15-2024', 'MM-dd-yyyy'],
      ['03152024', '3152024', 'MMddyyyy'],
    ];
    for (const [a, b, format] of formats) {
      const secondary = table(['Member ID', 'Hire Date'], ['111111111', a], ['222222222', b]);
      const result = compareTablesSync(baseline, secondary, config({ id: 'hire', baseline_column_name: 'Hire Date', secondary_column_name: 'Hire Date' }));
      expect(result.discrepancies, format).toEqual([]);
      expect(result.data_points[1]!.secondary_date_format).toBe(format);
    }
  });

  it('uses the configured per-side format', () => {
    // Every value reads as both MMddyyyy and yyyyMMdd only in theory; the configuration decides.
    const baseline = table(['SSN', 'Effective Date'], ['111111111', '01/02/2025']);
    const secondary = table(['Member ID', 'Eff'], ['111111111', '01022025']);

    const result = compareTablesSync(
      baseline,
      secondary,
      config({ id: 'eff', baseline_column_name: 'Effective Date', secondary_column_name: 'Eff', date_format: { baseline: 'MM/dd/yyyy', secondary: 'MMddyyyy' } }),
    );

    expect(result.discrepancies).toEqual([]);
  });

  it('reports a term date present on one side only as TERM', () => {
    const baseline = table(['SSN', 'Term Date'], ['111111111', ''], ['222222222', '']);
    const secondary = table(['Member ID', 'Term Date'], ['111111111', '20250531'], ['222222222', '']);

    const result = compareTablesSync(baseline, secondary, config({ id: 'term', baseline_column_name: 'Term Date', secondary_column_name: 'Term Date' }));

    expect(result.discrepancies).toHaveLength(1);
    expect(result.discrepancies[0]).toMatchObject({ baseline_value: '', secondary_value: '20250531', suggested_type: 'TERM' });
  });
});

describe('empty values', () => {
  it('reports empty against a value and not empty against empty', () => {
    const baseline = table(['SSN', 'Address 1'], ['111111111', ''], ['222222222', '  '], ['333333333', '1 Main St']);
    const secondary = table(['Member ID', 'Street Address'], ['111111111', '1 MAIN ST'], ['222222222', ''], ['333333333', '']);

    const result = compareTablesSync(baseline, secondary, config({ id: 'addr', baseline_column_name: 'Address 1', secondary_column_name: 'Street Address' }));

    expect(result.discrepancies.map((d) => d.baseline_row_index)).toEqual([0, 2]);
    expect(result.discrepancies[0]!.suggested_type).toBeNull();
  });
});

describe('value mappings and composite identifiers', () => {
  const benefit: CompareDataPoint = {
    id: 'benefit',
    baseline_column_name: 'Benefit Type',
    secondary_column_name: 'Line of Coverage',
    is_unique_identifier: true,
    data_mapping: { fields: [{ source: 'MED', target: 'MEDICAL' }, { source: 'DEN', target: 'DENTAL' }] },
  };
  const plan: CompareDataPoint = {
    id: 'plan',
    baseline_column_name: 'Plan Name',
    secondary_column_name: 'Product',
    is_unique_identifier: false,
    data_mapping: {
      fields: [
        { source: 'BCBS HMO 20 BLUE', target: 'HMO 20' },
        { source: ' bcbs hmo 20 blue ne ', target: 'HMO 20' },
        { source: 'BCBS PPO 500', target: 'PPO 500' },
        { source: 'DPPO LOW', target: 'Dental Base' },
      ],
    },
  };
  const baseline = table(
    ['SSN', 'First Name', 'Last Name', 'Relationship', 'Benefit Type', 'Plan Name'],
    ['123-45-6789', 'Ann', 'Lee', 'Employee', 'MEDICAL', 'HMO 20'],
    ['123-45-6789', 'Ann', 'Lee', 'Employee', 'DENTAL', 'Dental Base'],
    ['222-22-2222', 'Bob', 'Ray', 'Employee', 'MEDICAL', 'HMO 20'],
  );
  const secondary = table(
    ['Member ID', 'FNAME', 'LNAME', 'Rel Code', 'Line of Coverage', 'Product'],
    ['123456789', 'ANN', 'LEE', 'EE', 'DEN', 'DPPO LOW'],
    ['123456789', 'ANN', 'LEE', 'EE', 'med', 'BCBS HMO 20 BLUE NE'],
    ['222222222', 'BOB', 'RAY', 'EE', 'MED', 'BCBS PPO 500'],
  );

  it('maps secondary values before the join and before comparing (many-to-one)', () => {
    const result = compareTablesSync(baseline, secondary, { data_points: [ssnKey, benefit, plan] });

    expect(result.summary.matched_rows).toBe(3);
    expect(result.missing).toEqual([]);
    expect(result.discrepancies).toHaveLength(1);
    expect(result.discrepancies[0]).toMatchObject({
      data_point_id: 'plan',
      baseline_row_index: 2,
      secondary_row_index: 2,
      baseline_value: 'HMO 20',
      secondary_value: 'BCBS PPO 500',
      unique_identifier: '222222222|MEDICAL',
      first_name: 'Bob',
      last_name: 'Ray',
      full_name: 'Bob Ray',
      relationship: 'Employee',
      suggested_type: 'WRONG_PLAN',
    });
  });

  it('reports rows only on one side with their readable identifier and names', () => {
    const onlyBase = table(baseline.columns as string[], ...(baseline.rows as string[][]).slice(0, 2));
    const onlySec = table(
      secondary.columns as string[],
      ['123456789', 'ANN', 'LEE', 'EE', 'DEN', 'DPPO LOW'],
      ['333333333', 'CY', 'FOX', 'EE', 'DEN', 'DPPO LOW'],
    );

    const result = compareTablesSync(onlyBase, onlySec, { data_points: [ssnKey, benefit] });

    expect(result.missing).toEqual([
      expect.objectContaining({ kind: 'MISSING_IN_SECONDARY', baseline_row_index: 0, secondary_row_index: null, unique_identifier: '123456789|MEDICAL', first_name: 'Ann' }),
      expect.objectContaining({ kind: 'MISSING_IN_BASELINE', baseline_row_index: null, secondary_row_index: 1, unique_identifier: '333333333|DENTAL', first_name: 'CY', full_name: 'CY FOX' }),
    ]);
  });
});

describe('duplicates and blank identifiers', () => {
  it('reports repeated identifiers on each side and compares only the first row', () => {
    const baseline = table(['SSN', 'Gender'], ['111111111', 'Male'], ['111-11-1111', 'Female'], ['222222222', 'Female']);
    const secondary = table(['Member ID', 'Sex'], ['111111111', 'Male'], ['222222222', 'Female'], ['222222222', 'Female'], ['999999999', 'M'], ['999999999', 'M']);

    const result = compareTablesSync(baseline, secondary, config({ id: 'gender', baseline_column_name: 'Gender', secondary_column_name: 'Sex' }));

    const duplicates = result.missing.filter((m) => m.kind === 'DUPLICATE');
    expect(duplicates).toEqual([
      expect.objectContaining({ duplicate_side: 'SECONDARY', baseline_row_index: 2, secondary_row_index: 1, duplicate_identifier_row_index: 2 }),
      expect.objectContaining({ duplicate_side: 'SECONDARY', baseline_row_index: null, secondary_row_index: 3, duplicate_identifier_row_index: 4 }),
      expect.objectContaining({ duplicate_side: 'BASELINE', baseline_row_index: 0, secondary_row_index: 0, duplicate_identifier_row_index: 1, unique_identifier: '111111111' }),
    ]);
    expect(result.summary).toMatchObject({ duplicates_in_baseline: 1, duplicates_in_secondary: 2, missing_in_baseline: 1 });
    expect(result.discrepancies).toEqual([]);
  });

  it('never joins rows whose identifier is blank, and lists them', () => {
    const baseline = table(['SSN', 'Gender'], ['', 'Male'], ['111111111', 'Male']);
    const secondary = table(['Member ID', 'Sex'], [' ', 'M'], ['111111111', 'M'], ['', 'F']);

    const result = compareTablesSync(
      baseline,
      secondary,
      config({ id: 'gender', baseline_column_name: 'Gender', secondary_column_name: 'Sex', data_mapping: { fields: [{ source: 'M', target: 'Male' }, { source: 'F', target: 'Female' }] } }),
    );

    expect(result.blank_identifiers).toEqual({ baseline: [0], secondary: [0, 2] });
    expect(result.missing).toEqual([]);
    expect(result.summary).toMatchObject({ matched_rows: 1, blank_identifier_baseline: 1, blank_identifier_secondary: 2 });
  });

  it('treats a composite identifier with one blank part as blank', () => {
    const baseline = table(['SSN', 'Benefit Type'], ['111111111', '']);
    const secondary = table(['Member ID', 'Line of Coverage'], ['111111111', 'MED']);

    const result = compareTablesSync(baseline, secondary, {
      data_points: [ssnKey, { id: 'b', baseline_column_name: 'Benefit Type', secondary_column_name: 'Line of Coverage', is_unique_identifier: true }],
    });

    expect(result.blank_identifiers.baseline).toEqual([0]);
    expect(result.missing).toHaveLength(1);
  });
});

describe('summary and streaming', () => {
  it('counts per data point and per type, and accepts async rows', async () => {
    async function* rows(list: string[][]) {
      for (const r of list) yield r;
    }
    const baseline = { columns: ['SSN', 'Gender', 'Coverage Tier'], rows: rows([['111111111', 'Male', 'Family'], ['222222222', 'Female', 'Employee Only']]) };
    const secondary = { columns: ['Member ID', 'Sex', 'Coverage'], rows: rows([['222222222', 'M', 'EE'], ['111111111', 'M', 'EE']]) };

    const result = await compareTables(baseline, secondary, {
      data_points: [
        ssnKey,
        { id: 'g', baseline_column_name: 'Gender', secondary_column_name: 'Sex', is_unique_identifier: false, data_mapping: { fields: [{ source: 'M', target: 'Male' }, { source: 'F', target: 'Female' }] } },
        { id: 't', baseline_column_name: 'Coverage Tier', secondary_column_name: 'Coverage', is_unique_identifier: false, data_mapping: { fields: [{ source: 'EE', target: 'Employee Only' }, { source: 'FAM', target: 'Family' }] } },
      ],
    });

    expect(result.summary.discrepancies_by_data_point).toEqual({ g: 1, t: 1 });
    expect(result.summary.discrepancies_by_type).toEqual({ GENDER_MISMATCH: 1, COVERAGE_TIER: 1 });
    expect(result.discrepancies.map((d) => d.secondary_row_index)).toEqual([0, 1]);
  });

  it('gives the same findings when both sides hand their rows over in batches, past the sample rows', async () => {
    const baseRows = Array.from({ length: 5000 }, (_, i) => [String(100000000 + i), i % 7 === 0 ? 'Female' : 'Male', 'Family']);
    const secRows = Array.from({ length: 5000 }, (_, i) => [String(100000000 + ((i * 37) % 5000)), i % 11 === 0 ? 'F' : 'M', i % 13 === 0 ? 'EE' : 'FAM']);
    secRows.push([String(100000000 + 42), 'M', 'FAM'], ['999999999', 'F', 'EE']);
    const cfg: CompareConfig = {
      data_points: [
        ssnKey,
        { id: 'g', baseline_column_name: 'Gender', secondary_column_name: 'Sex', is_unique_identifier: false, data_mapping: { fields: [{ source: 'M', target: 'Male' }, { source: 'F', target: 'Female' }] } },
        { id: 't', baseline_column_name: 'Coverage Tier', secondary_column_name: 'Coverage', is_unique_identifier: false, data_mapping: { fields: [{ source: 'EE', target: 'Employee Only' }, { source: 'FAM', target: 'Family' }] } },
      ],
    };
    // Batches of 777 rows: the sample of the first 2,000 rows ends inside a batch.
    async function* batches(list: string[][]) {
      for (let i = 0; i < list.length; i += 777) yield list.slice(i, i + 777);
    }
    const unread = { [Symbol.iterator]: () => { throw new Error('rows read although batches were given'); } };
    const expected = compareTablesSync({ columns: ['SSN', 'Gender', 'Coverage Tier'], rows: baseRows }, { columns: ['Member ID', 'Sex', 'Coverage'], rows: secRows }, cfg);

    const result = await compareTables(
      { columns: ['SSN', 'Gender', 'Coverage Tier'], rows: unread, batches: batches(baseRows) },
      { columns: ['Member ID', 'Sex', 'Coverage'], rows: unread, batches: batches(secRows) },
      cfg,
    );

    expect(result.summary.discrepancies).toBeGreaterThan(0);
    expect(result.summary.duplicates_in_secondary).toBe(1);
    expect(result).toEqual(expected);
  });

  it('gives the same findings when both sides hand their rows over packed, names and blanks included', async () => {
    const first = (i: number) => ['Ann', 'José', 'Li', ''][i % 4]!;
    const baseRows = Array.from({ length: 5000 }, (_, i) => [i === 3 ? '' : String(100000000 + i), first(i), i % 7 === 0 ? 'Female' : 'Male', 'Family']);
    const secRows = Array.from({ length: 5000 }, (_, i) => {
      const n = (i * 37) % 5000;
      return [i === 9 ? ' ' : String(100000000 + n), i % 17 === 0 ? 'ANNE' : first(n).toUpperCase(), i % 11 === 0 ? 'F' : 'M', i % 13 === 0 ? 'EE' : 'FAM'];
    });
    secRows.push([String(100000000 + 42), 'Ann', 'M', 'FAM'], ['999999999', 'Zoë', 'F', 'EE'], ['999999999', 'Zoe', 'F', 'EE']);
    const bCols = ['SSN', 'First Name', 'Gender', 'Coverage Tier'];
    const sCols = ['Member ID', 'FNAME', 'Sex', 'Coverage'];
    const cfg: CompareConfig = {
      data_points: [
        ssnKey,
        { id: 'f', baseline_column_name: 'First Name', secondary_column_name: 'FNAME', is_unique_identifier: false },
        { id: 'g', baseline_column_name: 'Gender', secondary_column_name: 'Sex', is_unique_identifier: false, data_mapping: { fields: [{ source: 'M', target: 'Male' }, { source: 'F', target: 'Female' }] } },
        { id: 't', baseline_column_name: 'Coverage Tier', secondary_column_name: 'Coverage', is_unique_identifier: false, data_mapping: { fields: [{ source: 'EE', target: 'Employee Only' }, { source: 'FAM', target: 'Family' }] } },
      ],
    };
    // Batches of 777 rows, each one string with where each cell ends, as a reader in a worker posts them.
    async function* packed(list: string[][]) {
      for (let i = 0; i < list.length; i += 777) {
        const rows = list.slice(i, i + 777);
        const ends = new Uint32Array(rows.length * rows[0]!.length);
        let text = '';
        let at = 0;
        for (const row of rows) for (const cell of row) ends[at++] = (text += cell).length;
        yield { text, ends, count: rows.length };
      }
    }
    const unread = { [Symbol.iterator]: () => { throw new Error('rows read although packed rows were given'); } };
    const expected = compareTablesSync({ columns: bCols, rows: baseRows }, { columns: sCols, rows: secRows }, cfg);

    const result = await compareTables({ columns: bCols, rows: unread, packed: packed(baseRows) }, { columns: sCols, rows: unread, packed: packed(secRows) }, cfg);

    expect(result.summary.discrepancies_by_data_point.f).toBeGreaterThan(0);
    // 100000003 (blank in the baseline) and 999999999.
    expect(result.summary.missing_in_baseline).toBe(2);
    expect(result.summary.duplicates_in_secondary).toBe(2);
    expect(result.blank_identifiers).toEqual({ baseline: [3], secondary: [9] });
    expect(result.missing.find((m) => m.kind === 'MISSING_IN_BASELINE' && m.unique_identifier === '999999999')?.first_name).toBe('Zoë');
    expect(result).toEqual(expected);
  });

  it('rejects a configuration without an identifier', () => {
    const t = table(['SSN'], ['1']);
    expect(() => compareTablesSync(t, t, { data_points: [{ ...ssnKey, is_unique_identifier: false }] })).toThrow(/unique identifier/);
  });

  it('names a configured column that the file does not have', () => {
    const t = table(['SSN'], ['1']);
    expect(() => compareTablesSync(t, table(['Member ID'], ['1']), config({ id: 'x', baseline_column_name: 'Nope', secondary_column_name: 'Member ID' }))).toThrow(
      'Column "Nope" is not in the baseline file',
    );
  });
});
