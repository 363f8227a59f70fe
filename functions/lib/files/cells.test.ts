import { describe, expect, it } from 'vitest';
import { excelSerialToDate, formatDate, formatNumber, formatNumberWithFormat, isDateFormat } from './cells';

describe('cell formatting', () => {
  it('writes numbers as plain digits, never in exponent form, at 15 significant digits', () => {
    expect(formatNumber(12345678)).toBe('12345678');
    // A number past double precision, as a spreadsheet cell may hold one.
    expect(formatNumber(Number('123456789012345678'))).toBe('123456789012345680');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(1e-7)).toBe('0.0000001');
    expect(formatNumber(1.23456789012345e-10)).toBe('0.000000000123456789012345');
    expect(formatNumber(-2.5e-8)).toBe('-0.000000025');
    expect(formatNumber(662.17599999999993)).toBe('662.176');
    expect(formatNumber(-12.5)).toBe('-12.5');
    expect(formatNumber(Number.NaN)).toBe('');
  });

  it('restores the leading zeros a zero-padded format shows', () => {
    expect(formatNumberWithFormat(12345678, '000-00-0000')).toBe('012345678');
    expect(formatNumberWithFormat(501, '00000')).toBe('00501');
    expect(formatNumberWithFormat(501, '0.00')).toBe('501');
    // A zero premium in a 0.00 cell is 0, not an identifier padded to three digits.
    expect(formatNumberWithFormat(0, '0.00')).toBe('0');
    expect(formatNumberWithFormat(5, '#,##0.00')).toBe('5');
    expect(formatNumberWithFormat(501, 'General')).toBe('501');
  });

  it('writes dates as MM/dd/yyyy in UTC, keeping a time of day when there is one', () => {
    expect(formatDate(new Date(Date.UTC(1980, 0, 5)))).toBe('01/05/1980');
    expect(formatDate(new Date(Date.UTC(2024, 1, 29, 13, 30)))).toBe('02/29/2024 13:30');
    expect(formatDate(excelSerialToDate(0.5))).toBe('12:00');
    expect(formatDate(excelSerialToDate(43891))).toBe('03/01/2020');
    expect(formatDate(excelSerialToDate(42429, true))).toBe('03/01/2020');
  });

  it('recognises date formats and not number formats', () => {
    for (const f of ['mm/dd/yyyy', 'm/d/yy', 'yyyy-mm-dd', 'd-mmm-yy', '[$-409]mmmm d, yyyy', 'h:mm AM/PM', '[h]:mm:ss']) {
      expect(isDateFormat(f), f).toBe(true);
    }
    for (const f of ['General', '0', '0.00', '#,##0', '000-00-0000', '"Days: "0', '0.00E+00', '@']) {
      expect(isDateFormat(f), f).toBe(false);
    }
  });
});
