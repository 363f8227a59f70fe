import * as XLSX from '@e965/xlsx';
import { excelSerialToDate, formatDate, formatNumberWithFormat } from './cells';
import { FileParseError } from './errors';
import type { RawRow } from './header';
import { messages } from './messages';
import { hasBiffLoop, hasOleLoop } from './ole-loops';
import type { SheetSource, WorkbookSource } from './source';

// .xls (BIFF) through SheetJS CE 0.20.3 as republished on npm by @e965/xlsx; see docs/xls.md.
// The format is one compound binary file, so it is read whole; MAX_XLS_BYTES bounds that.

/** What an OLE compound file (the container of .xls, and of encrypted .xlsx) holds. */
export type OleContent = 'encrypted' | 'workbook' | 'other' | 'unreadable';

export function inspectOle(bytes: Buffer): OleContent {
  // A container that links back into itself would stop the whole process inside SheetJS (ole-loops.ts).
  if (hasOleLoop(bytes)) return 'unreadable';
  let names: string[];
  let streams: Array<{ name?: string; content?: ArrayLike<number> }>;
  try {
    const container = XLSX.CFB.read(bytes, { type: 'buffer' }) as { FullPaths?: string[]; FileIndex?: Array<{ name?: string; content?: ArrayLike<number> }> };
    names = (container.FullPaths ?? []).map((p) => p.replace(/\/$/, '').split('/').pop() ?? '');
    streams = container.FileIndex ?? [];
  } catch {
    return 'unreadable';
  }
  const workbookStream = streams.find((s) => s.name === 'Workbook' || s.name === 'Book')?.content;
  if (workbookStream && hasBiffLoop(workbookStream)) return 'unreadable';
  // Office "Encrypt with Password" wraps the whole .xlsx zip in these two streams.
  if (names.includes('EncryptedPackage') || names.includes('EncryptionInfo')) return 'encrypted';
  if (names.includes('Workbook') || names.includes('Book')) return 'workbook';
  return 'other';
}

type SheetJsCell = { t?: string; v?: unknown; w?: string; z?: string | number };

function cellText(cell: SheetJsCell | undefined, date1904: boolean): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  const numFmt = typeof cell.z === 'string' ? cell.z : undefined;
  switch (cell.t) {
    case 'n': {
      const value = cell.v as number;
      if (numFmt && XLSX.SSF.is_date(numFmt)) return formatDate(excelSerialToDate(value, date1904));
      return formatNumberWithFormat(value, numFmt);
    }
    case 'd':
      return formatDate(cell.v as Date);
    case 'b':
      return cell.v ? 'TRUE' : 'FALSE';
    case 'e':
      return cell.w ?? '';
    default:
      return String(cell.v);
  }
}

function readWorkbook(bytes: Buffer): XLSX.WorkBook {
  try {
    return XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      cellDates: false,
      cellNF: true,
      cellHTML: false,
      // For .xls files that are really HTML or text exports: keep every value as written.
      raw: true,
    });
  } catch (error) {
    if (/password|encrypt/i.test(String((error as Error)?.message))) {
      throw new FileParseError('ENCRYPTED', messages.encrypted(), { cause: error });
    }
    throw new FileParseError('CORRUPT_WORKBOOK', messages.corruptWorkbook(), { cause: error });
  }
}

export function openXls(bytes: Buffer): WorkbookSource {
  const workbook = readWorkbook(bytes);
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const names = workbook.SheetNames;
  let position = 0;

  function sheetSource(name: string, index: number): SheetSource {
    const sheet = workbook.Sheets[name] as XLSX.WorkSheet & { '!data'?: (SheetJsCell[] | undefined)[] };
    const data = sheet?.['!data'] ?? [];
    let r = 0;
    let done = false;
    const rows: AsyncIterator<RawRow> = {
      async next() {
        while (!done && r < data.length) {
          const row = data[r];
          r += 1;
          if (!row) continue;
          const cells: string[] = [];
          for (let c = 0; c < row.length; c += 1) cells.push(cellText(row[c], date1904).trim());
          while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
          if (cells.length > 0) return { done: false, value: { index: r - 1, cells } };
        }
        done = true;
        return { done: true, value: undefined };
      },
    };
    const hidden = Boolean(workbook.Workbook?.Sheets?.[index]?.Hidden);
    return {
      name,
      hidden,
      rows,
      async skip() {
        done = true;
      },
    };
  }

  return {
    isWorkbook: true,
    sheets: {
      async next() {
        if (position >= names.length) return { done: true, value: undefined };
        const index = position;
        position += 1;
        return { done: false, value: sheetSource(names[index]!, index) };
      },
    },
    sheetNames: () => [...names],
    async close() {
      position = names.length;
    },
  };
}
