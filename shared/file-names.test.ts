import { describe, expect, it } from 'vitest';
import { attachmentDisposition, safeFileName } from './file-names';

describe('safeFileName', () => {
  it('keeps the base name of a path, with either separator', () => {
    expect(safeFileName('../../../../etc/x.pdf')).toBe('x.pdf');
    expect(safeFileName('..\\..\\Windows\\win.ini')).toBe('win.ini');
    expect(safeFileName('/tmp/census 2025.xlsx')).toBe('census 2025.xlsx');
  });

  it('removes control and bidirectional characters', () => {
    expect(safeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(safeFileName('a\u2066b\u2069c\u200E\u200F.csv')).toBe('abc.csv');
    expect(safeFileName('line\r\nbreak\u0000\u0085\u009b.txt')).toBe('linebreak.txt');
    expect(safeFileName('del\u007f.txt')).toBe('del.txt');
  });

  it('leaves an ordinary name alone, accents, spaces and dots included', () => {
    expect(safeFileName('Müller & Söhne – Q1 (final).v2.xlsx')).toBe('Müller & Söhne – Q1 (final).v2.xlsx');
  });

  it('leaves nothing of a name that is only folders or hidden characters', () => {
    expect(safeFileName('../')).toBe('');
    expect(safeFileName('..')).toBe('');
    expect(safeFileName('x/..')).toBe('');
    expect(safeFileName('\u202E\u0000')).toBe('');
  });

  it('does not let a hidden character join a folder to the name', () => {
    expect(safeFileName('..\u0000/secret.pdf')).toBe('secret.pdf');
  });
});

describe('attachmentDisposition', () => {
  it('offers the safe base name, UTF-8 encoded per RFC 5987 with an ASCII fallback', () => {
    expect(attachmentDisposition('../../etc/Müller "Q1" (v2).xlsx')).toBe(
      `attachment; filename="M_ller _Q1_ (v2).xlsx"; filename*=UTF-8''M%C3%BCller%20%22Q1%22%20%28v2%29.xlsx`,
    );
    expect(attachmentDisposition("it's\u202Efdp.exe")).toBe(`attachment; filename="it'sfdp.exe"; filename*=UTF-8''it%27sfdp.exe`);
  });

  it('never answers an empty name', () => {
    expect(attachmentDisposition('../')).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
  });
});
