import { describe, expect, it } from 'vitest';
import { MAX_PARTS, MAX_UPLOAD_BYTES, MIN_PART_BYTES, partSizeFor, plannedPart, planParts, sizeLabel, tooLargeToUploadMessage } from './upload-plan';

const MB = 1024 * 1024;

describe('planning the parts of an upload', () => {
  it('cuts a file into equal parts numbered from 1, the last one holding the rest', () => {
    const parts = planParts(40 * MB + 3, 16 * MB);

    expect(parts).toEqual([
      { part_number: 1, offset: 0, size: 16 * MB },
      { part_number: 2, offset: 16 * MB, size: 16 * MB },
      { part_number: 3, offset: 32 * MB, size: 8 * MB + 3 },
    ]);
  });

  it('covers every byte exactly once', () => {
    const size = 177_123_457;
    const parts = planParts(size, partSizeFor(size));

    expect(parts.reduce((sum, p) => sum + p.size, 0)).toBe(size);
    parts.forEach((p, i) => expect(p.offset).toBe(i === 0 ? 0 : parts[i - 1].offset + parts[i - 1].size));
  });

  it('gives a file that is an exact multiple of the part size no empty last part', () => {
    expect(planParts(32 * MB, 16 * MB).map((p) => p.size)).toEqual([16 * MB, 16 * MB]);
  });

  it('plans 320 parts of 16 MB for a 5 GB file, the largest taken', () => {
    const parts = planParts(MAX_UPLOAD_BYTES, partSizeFor(MAX_UPLOAD_BYTES));

    expect(MAX_UPLOAD_BYTES).toBe(5 * 1024 * MB);
    expect(parts).toHaveLength(320);
    expect(new Set(parts.map((p) => p.size))).toEqual(new Set([16 * MB]));
  });

  it('never asks for a part under S3’s 5 MB minimum, and never for more than 10,000 parts', () => {
    expect(partSizeFor(50 * MB, 1 * MB)).toBe(MIN_PART_BYTES);
    const huge = 100_000 * MB;
    expect(planParts(huge, partSizeFor(huge)).length).toBeLessThanOrEqual(MAX_PARTS);
  });

  it('finds one planned part by its number, and no part past the end', () => {
    expect(plannedPart(40 * MB + 3, 16 * MB, 3)).toEqual({ part_number: 3, offset: 32 * MB, size: 8 * MB + 3 });
    expect(plannedPart(40 * MB + 3, 16 * MB, 4)).toBeUndefined();
    expect(plannedPart(40 * MB + 3, 16 * MB, 0)).toBeUndefined();
  });

  it('refuses a size that is not a whole number of bytes', () => {
    expect(() => planParts(-1, 16 * MB)).toThrow(/size/);
    expect(() => planParts(10, 0)).toThrow(/partSize/);
  });
});

describe('naming a size limit', () => {
  it('names 5 GB in gigabytes and 100 MB in megabytes', () => {
    expect(sizeLabel(MAX_UPLOAD_BYTES)).toBe('5 GB');
    expect(sizeLabel(100 * MB)).toBe('100 MB');
    expect(tooLargeToUploadMessage()).toContain('larger than 5 GB');
  });
});
