// Builders for the files the tests parse; every fixture is made in memory, none is checked in.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import * as XLSX from '@e965/xlsx';
import { Readable } from 'node:stream';

export type SheetSpec = {
  name: string;
  rows: unknown[][];
  state?: 'visible' | 'hidden';
  /** Per-cell number formats, by A1 address. */
  numFmt?: Record<string, string>;
};

export async function xlsxBuffer(sheets: SheetSpec[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const spec of sheets) {
    const sheet = workbook.addWorksheet(spec.name, { state: spec.state ?? 'visible' });
    spec.rows.forEach((row, r) => {
      row.forEach((value, c) => {
        if (value !== undefined && value !== null) sheet.getCell(r + 1, c + 1).value = value as ExcelJS.CellValue;
      });
    });
    for (const [address, format] of Object.entries(spec.numFmt ?? {})) sheet.getCell(address).numFmt = format;
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const SPREADSHEET_ML = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/**
 * The same workbook as the .NET Open XML SDK writes it: every SpreadsheetML element under the `x:`
 * prefix, the first worksheet part named sheet.xml (not sheet1.xml), relationship targets
 * absolute. Excel opens such files as it opens its own.
 */
export async function openXmlSdkStyle(bytes: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  const renamed = new Map<string, string>([['xl/worksheets/sheet1.xml', 'xl/worksheets/sheet.xml']]);
  const out = new JSZip();
  for (const [name, file] of Object.entries(zip.files)) {
    if (file.dir) continue;
    let text = await file.async('string');
    if (name === 'xl/_rels/workbook.xml.rels') {
      text = text.replace(/Target="(?!\/)([^"]+)"/g, (_m, target: string) => `Target="/${renamed.get(`xl/${target}`) ?? `xl/${target}`}"`);
    } else if (name === '[Content_Types].xml') {
      for (const [from, to] of renamed) text = text.replace(`/${from}`, `/${to}`);
    } else if (name.startsWith('xl/') && name.endsWith('.xml') && text.includes(`xmlns="${SPREADSHEET_ML}"`)) {
      text = text
        .replace(/<(\/?)([A-Za-z][\w.-]*)(?=[\s/>])/g, '<$1x:$2')
        .replace(`xmlns="${SPREADSHEET_ML}"`, `xmlns:x="${SPREADSHEET_ML}"`);
    }
    out.file(renamed.get(name) ?? name, text);
  }
  return out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * The same workbook as streaming writers such as Apache POI's SXSSF write it: strings inline in
 * the cells (no shared-strings part) and the worksheets stored last in the zip.
 */
export async function inlineStringsStyle(bytes: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  const shared = (await zip.file('xl/sharedStrings.xml')?.async('string')) ?? '';
  const strings = [...shared.matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => [...m[1]!.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join(''));
  const out = new JSZip();
  const sheets: Array<[string, string]> = [];
  for (const [name, file] of Object.entries(zip.files)) {
    if (file.dir || name === 'xl/sharedStrings.xml') continue;
    let text = await file.async('string');
    if (name === 'xl/_rels/workbook.xml.rels') text = text.replace(/<Relationship [^>]*sharedStrings[^>]*\/>/, '');
    if (name === '[Content_Types].xml') text = text.replace(/<Override [^>]*sharedStrings[^>]*\/>/, '');
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(name)) {
      text = text.replace(/<c ([^>]*?)t="s"([^>]*)><v>(\d+)<\/v><\/c>/g, (_m, a: string, b: string, i: string) => `<c ${a}t="inlineStr"${b}><is><t>${strings[Number(i)]}</t></is></c>`);
      sheets.push([name, text]);
      continue;
    }
    out.file(name, text);
  }
  for (const [name, text] of sheets) out.file(name, text);
  return out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const xmlEscape = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A workbook of the fewest parts Excel accepts, as small generators write it: one sheet, strings
 * inline, no shared strings, the worksheet the last entry of the zip.
 */
export async function minimalXlsx(sheetName: string, rows: string[][]): Promise<Buffer> {
  const column = (c: number) => String.fromCharCode(65 + c);
  const sheetRows = rows
    .map((row, r) => `<row r="${r + 1}">${row.map((v, c) => `<c r="${column(c)}${r + 1}" t="inlineStr"><is><t>${xmlEscape(v)}</t></is></c>`).join('')}</row>`)
    .join('');
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  );
  zip.file('_rels/.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
  zip.file('xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${SPREADSHEET_ML}" xmlns:r="${rel}"><sheets><sheet name="${xmlEscape(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`);
  zip.file('xl/_rels/workbook.xml.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId3" Type="${rel}/styles" Target="styles.xml"/></Relationships>`);
  zip.file('xl/styles.xml', `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${SPREADSHEET_ML}"><cellXfs count="1"><xf numFmtId="0"/></cellXfs></styleSheet>`);
  zip.file('xl/worksheets/sheet1.xml', `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${SPREADSHEET_ML}"><sheetData>${sheetRows}</sheetData></worksheet>`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

export function xlsBuffer(sheets: { name: string; rows: unknown[][]; hidden?: boolean }[]): Buffer {
  const workbook = XLSX.utils.book_new();
  for (const spec of sheets) {
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(spec.rows, { cellDates: true, UTC: true }), spec.name);
  }
  workbook.Workbook = { Sheets: sheets.map((s) => ({ Hidden: s.hidden ? 1 : 0 })) };
  return XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

/** Delivers bytes in small pieces, as an S3 body does, so no code can rely on one whole chunk. */
export function asStream(bytes: Buffer, chunkSize = 8 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize);
    })(),
  );
}

export async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

export const utcDate = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
