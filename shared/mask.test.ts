import { describe, expect, it } from 'vitest';
import { isSsnLike, maskDateOfBirth, maskIdentifier, maskPreviewRows, maskSsnColumnValue, maskSsnLike, maskSsnsInText, sensitiveColumnKind } from './mask';

describe('SSN masking for list responses', () => {
  it('masks nine digits, dashed or spaced, to the last four', () => {
    expect(maskSsnLike('123456789')).toBe('***-**-6789');
    expect(maskSsnLike('123-45-6789')).toBe('***-**-6789');
    expect(maskSsnLike(' 123 45 6789 ')).toBe('***-**-6789');
  });

  it('leaves values that are not SSN-shaped alone', () => {
    expect(maskSsnLike('1500.00')).toBe('1500.00');
    expect(maskSsnLike('89501')).toBe('89501');
    expect(maskSsnLike('Peterson')).toBe('Peterson');
    expect(maskSsnLike(null)).toBeNull();
    expect(isSsnLike('1234567890')).toBe(false);
  });

  it('masks every SSN-like part of a composite identifier', () => {
    expect(maskIdentifier('887968171|MEDICAL')).toBe('***-**-8171|MEDICAL');
    expect(maskIdentifier('E100|DENTAL')).toBe('E100|DENTAL');
  });

  it('masks any value of an SSN column, even with dropped leading zeros', () => {
    expect(maskSsnColumnValue('12345678')).toBe('***-**-5678');
    expect(maskSsnColumnValue('')).toBe('');
    expect(maskSsnColumnValue('12')).toBe('****');
  });
});

describe('SSNs within free text', () => {
  it('hides every SSN-shaped number whole and leaves the rest of the text', () => {
    expect(maskSsnsInText('Jane is 123-45-6789, her son 987654321 and 111 22 3333.')).toBe('Jane is ***-**-****, her son ***-**-**** and ***-**-****.');
  });

  it('leaves phone numbers, amounts and longer numbers alone', () => {
    const text = 'Call 555-123-4567 or 5551234567 about the $1,500.00 credit, policy 1234567890.';
    expect(maskSsnsInText(text)).toBe(text);
  });
});

describe('previews of uploaded rows', () => {
  it('masks SSN and birth-date columns by their header, and SSN-shaped values anywhere', () => {
    const columns = ['Employee SSN', 'First Name', 'Date of Birth', 'Plan Code', 'Hire Date'];
    const rows = [
      ['12345678', 'Ann', '01/31/1980', '987-65-4321', '2020-01-01'],
      ['', 'Bob', '1975-12-02', 'E100', ''],
    ];
    expect(maskPreviewRows(columns, rows)).toEqual([
      ['***-**-5678', 'Ann', '**/**/****', '***-**-4321', '2020-01-01'],
      ['', 'Bob', '****-**-**', 'E100', ''],
    ]);
  });

  it('knows which headers name SSNs and birth dates', () => {
    expect(sensitiveColumnKind('Subscriber SSN')).toBe('ssn');
    expect(sensitiveColumnKind('DOB')).toBe('dob');
    expect(sensitiveColumnKind('Plan')).toBeNull();
    expect(maskDateOfBirth('19800131')).toBe('********');
  });
});
