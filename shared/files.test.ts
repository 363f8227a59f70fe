import { describe, it, expect } from 'vitest';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MIME_TYPES,
  DATA_UPLOAD_EXTENSIONS,
  EXCEL_UPLOAD_EXTENSIONS,
  ExportFormattingRule,
  FileType,
  MAX_ATTACHMENT_BYTES,
  SourceFileType,
  applyFormattingRule,
  attachmentContentType,
  fileExtension,
  isAllowedAttachment,
  uploadExtension,
} from './files';

describe('file enums (SPEC §9)', () => {
  it('shows GUARDIAN_ROW_BASED_ORIGINAL as Guardian Row Based', () => {
    expect(SourceFileType.values).toEqual(['GUARDIAN_ROW_BASED_ORIGINAL', 'GUARDIAN_ROW_BASED_CONVERTED']);
    expect(SourceFileType.label('GUARDIAN_ROW_BASED_ORIGINAL')).toBe('Guardian Row Based');
  });

  it('has baseline and secondary files', () => {
    expect(FileType.values).toEqual(['BASELINE', 'SECONDARY']);
  });

  it('formats SSNs with or without dashes on export', () => {
    expect(ExportFormattingRule.values).toEqual(['SSN_WITH_DASHES', 'SSN_WITHOUT_DASHES']);
    expect(applyFormattingRule('SSN_WITH_DASHES', '123456789')).toBe('123-45-6789');
    expect(applyFormattingRule('SSN_WITHOUT_DASHES', '123-45-6789')).toBe('123456789');
    expect(applyFormattingRule('SSN_WITH_DASHES', 'E1234')).toBe('E1234');
    expect(applyFormattingRule(null, '123456789')).toBe('123456789');
  });
});

describe('data uploads (SPEC §5)', () => {
  it('accepts .xlsx, .xls and .csv, the names an 834 goes by, and has an Excel-only subset', () => {
    expect(DATA_UPLOAD_EXTENSIONS).toEqual(['.xlsx', '.xls', '.csv', '.834', '.edi', '.x12', '.txt']);
    expect(EXCEL_UPLOAD_EXTENSIONS).toEqual(['.xlsx', '.xls']);
  });

  it('keeps an allowed extension, lower-cased', () => {
    expect(uploadExtension('census.CSV')).toBe('.csv');
    expect(uploadExtension('carrier.xls', EXCEL_UPLOAD_EXTENSIONS)).toBe('.xls');
  });

  it('defaults the extension to .xlsx when it is not in the allowed list', () => {
    expect(uploadExtension('census.csv', EXCEL_UPLOAD_EXTENSIONS)).toBe('.xlsx');
    expect(uploadExtension('census.numbers')).toBe('.xlsx');
    expect(uploadExtension('census')).toBe('.xlsx');
  });

  it('reads the extension of the last path segment only', () => {
    expect(fileExtension('dir.v2/report')).toBe('');
    expect(fileExtension('.hidden')).toBe('');
    expect(fileExtension('a.b.PDF')).toBe('.pdf');
  });
});

describe('attachments (SPEC §5)', () => {
  it('allows the nineteen listed extensions, each with its MIME type', () => {
    expect(ATTACHMENT_EXTENSIONS).toEqual(
      '.xlsx .xls .pdf .docx .doc .txt .csv .jpg .jpeg .png .gif .bmp .webp .svg .tif .tiff .heic .xml'.split(' '),
    );
    expect(ATTACHMENT_MIME_TYPES['.pdf']).toBe('application/pdf');
    expect(ATTACHMENT_MIME_TYPES['.jpg']).toBe('image/jpeg');
    expect(ATTACHMENT_MIME_TYPES['.svg']).toBe('image/svg+xml');
    expect(attachmentContentType('Scan.TIFF')).toBe('image/tiff');
    expect(attachmentContentType('a.exe')).toBe('application/octet-stream');
  });

  it('limits attachments to 10485760 bytes (10 MB)', () => {
    expect(MAX_ATTACHMENT_BYTES).toBe(10485760);
    expect(isAllowedAttachment('rates.pdf', 10485760)).toBe(true);
    expect(isAllowedAttachment('rates.pdf', 10485761)).toBe(false);
  });

  it('refuses unlisted extensions whatever their size', () => {
    expect(isAllowedAttachment('virus.exe', 10)).toBe(false);
    expect(isAllowedAttachment('notes', 10)).toBe(false);
    expect(isAllowedAttachment('photo.HEIC', 10)).toBe(true);
  });
});
