import { describe, it, expect } from 'vitest';
import { parseCents, parseDecimal, parseMoney, parseNumber, round2, wholeCentsWithin } from './numbers';

describe('round2: numbers are rounded to 2 decimals (SPEC §5)', () => {
  it('rounds halves away from zero without binary float error', () => {
    expect(round2(1296.7499999)).toBe(1296.75);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(1.005)).toBe(1.01);
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(0.125)).toBe(0.13);
    expect(round2(-0.125)).toBe(-0.13);
  });

  it('leaves two-decimal values and integers unchanged', () => {
    expect(round2(12.34)).toBe(12.34);
    expect(round2(100)).toBe(100);
    expect(round2(0.1 + 0.2)).toBe(0.3);
  });

  it('rounds down below the half', () => {
    expect(round2(1.004)).toBe(1);
    expect(round2(-2.344)).toBe(-2.34);
  });

  it('copes with tiny and huge magnitudes and never returns -0', () => {
    expect(round2(1e-7)).toBe(0);
    expect(Object.is(round2(-0.001), 0)).toBe(true);
    expect(round2(1.5e21)).toBe(1.5e21);
    expect(round2(Number.NaN)).toBeNaN();
  });
});

describe('parseMoney', () => {
  it('reads dollar amounts with thousands separators', () => {
    expect(parseMoney('$1,234.50')).toBe(1234.5);
    expect(parseMoney(' 1,000 ')).toBe(1000);
    expect(parseMoney('.5')).toBe(0.5);
  });

  it('reads parenthesised and minus amounts as negative', () => {
    expect(parseMoney('(12.00)')).toBe(-12);
    expect(parseMoney('($1,234.50)')).toBe(-1234.5);
    expect(parseMoney('-$5')).toBe(-5);
    expect(parseMoney('$-5')).toBe(-5);
  });

  it('passes numbers through and rejects text that is not an amount', () => {
    expect(parseMoney(42.1)).toBe(42.1);
    expect(parseMoney('abc')).toBeNull();
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('1.2.3')).toBeNull();
    expect(parseMoney(null)).toBeNull();
    expect(parseMoney(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

// Moved from shared/compare/normalisers.test.ts when the engine's money.ts became this module.
describe('parseCents', () => {
  it('rounds half away from zero to whole cents', () => {
    expect([parseCents('1296.7499999'), parseCents('1.005'), parseCents('-1.005'), parseCents('30.376')]).toEqual([129675, 101, -101, 3038]);
  });
  it('reads money as people write it', () => {
    expect([parseNumber('$1,234.50'), parseNumber('(12.00)'), parseNumber('-$5'), parseNumber('12-')]).toEqual([1234.5, -12, -5, -12]);
    expect(parseNumber('N/A')).toBeNaN();
    expect(parseNumber('')).toBeNaN();
  });
});

describe('parseCents reads the digits as written, not a double', () => {
  it('rounds on the digit after the cent, half away from zero', () => {
    // A double of 0.0049999999 times 100 plus any bias lands on a half; the written digits do not.
    expect(parseCents('0.0049999999')).toBe(0);
    expect(parseCents('0.005')).toBe(1);
    expect(parseCents('-0.005')).toBe(-1);
    expect(parseCents('662.176')).toBe(66218);
    expect(parseCents('662.1759999999999')).toBe(66218);
    expect(parseCents('662.174')).toBe(66217);
    expect(parseCents('12345678901.005')).toBe(1234567890101);
  });

  it('reads exponents, decorations and signs as parseNumber does', () => {
    expect([parseCents('1.2345e2'), parseCents('5E-3'), parseCents('1e-9'), parseCents('2e3')]).toEqual([12345, 1, 0, 200000]);
    expect([parseCents('$1,234.565'), parseCents('(12.004)'), parseCents('12.005-'), parseCents('+.5'), parseCents(' 7 ')]).toEqual([123457, -1200, -1201, 50, 700]);
    expect(Object.is(parseCents('-0.001'), 0)).toBe(true);
    expect([parseCents('N/A'), parseCents(''), parseCents('1e400')]).toEqual([NaN, NaN, NaN]);
  });
});

describe('wholeCentsWithin', () => {
  it('allows the whole cents inside a limit, read from its shortest text', () => {
    expect([wholeCentsWithin(0.29), wholeCentsWithin(0.015), wholeCentsWithin(0.05), wholeCentsWithin(2)]).toEqual([29, 1, 5, 200]);
    expect([wholeCentsWithin(0), wholeCentsWithin(-1), wholeCentsWithin(Number.NaN), wholeCentsWithin(1e-9)]).toEqual([0, 0, 0, 0]);
  });
});

describe('parseDecimal', () => {
  it('keeps every digit as written', () => {
    expect(parseDecimal('662.176')).toEqual({ units: 662176n, scale: 3 });
    expect(parseDecimal('($1,234.50)')).toEqual({ units: -123450n, scale: 2 });
    expect(parseDecimal('1.5e3')).toEqual({ units: 1500n, scale: 0 });
    expect(parseDecimal('-.25')).toEqual({ units: -25n, scale: 2 });
    expect(parseDecimal('abc')).toBeNull();
  });
});
