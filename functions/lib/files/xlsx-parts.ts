import path from 'node:path';
import { attributeByLocalName, MAX_TEXT_CHARS, parseAttributes, PartDecoder, XmlError, XmlScanner, type XmlHandler } from './xlsx-xml';
import type { ZipArchive, ZipEntry } from './xlsx-zip';

/**
 * Reads a whole part through a handler; `capture` turns on and off the handing over of the text
 * inside elements.
 */
export async function readPart(zip: ZipArchive, entry: ZipEntry, makeHandler: (capture: (on: boolean) => void) => XmlHandler): Promise<void> {
  const scanner: XmlScanner = new XmlScanner(makeHandler((on) => (scanner.capture = on)));
  const decoder = new PartDecoder(scanner);
  for await (const chunk of zip.open(entry)) decoder.write(chunk);
  decoder.end();
}

export interface Relationship {
  id: string;
  type: string;
  /** The part it points at, as a zip entry name (no leading slash), or undefined for an external link. */
  part: string | undefined;
}

/** Targets are relative to the folder of the part that owns the relationships, unless absolute. */
export function resolveTarget(sourcePart: string, target: string): string {
  if (target.startsWith('/')) return path.posix.normalize(target.slice(1));
  return path.posix.normalize(path.posix.join(path.posix.dirname(sourcePart), target));
}

/** The relationships part of a part: xl/workbook.xml → xl/_rels/workbook.xml.rels. */
export function relationshipsPartOf(part: string): string {
  return path.posix.join(path.posix.dirname(part), '_rels', `${path.posix.basename(part)}.rels`);
}

export async function readRelationships(zip: ZipArchive, sourcePart: string): Promise<Relationship[]> {
  const entry = zip.entry(relationshipsPartOf(sourcePart));
  if (!entry) return [];
  const found: Relationship[] = [];
  await readPart(zip, entry, () => ({
    open(name, source, start, end) {
      if (name !== 'Relationship') return;
      const a = parseAttributes(source, start, end);
      if (a.Id === undefined || a.Target === undefined) return;
      found.push({ id: a.Id, type: a.Type ?? '', part: a.TargetMode === 'External' ? undefined : resolveTarget(sourcePart, a.Target) });
    },
    close: () => undefined,
    text: () => undefined,
  }));
  return found;
}

export interface SheetEntry {
  name: string;
  state: string | undefined;
  relationshipId: string | undefined;
}

export interface WorkbookPart {
  sheets: SheetEntry[];
  date1904: boolean;
}

export async function readWorkbook(zip: ZipArchive, entry: ZipEntry): Promise<WorkbookPart> {
  const workbook: WorkbookPart = { sheets: [], date1904: false };
  let inSheets = false;
  await readPart(zip, entry, () => ({
    open(name, source, start, end) {
      if (name === 'sheets') inSheets = true;
      else if (name === 'sheet' && inSheets) {
        const a = parseAttributes(source, start, end);
        workbook.sheets.push({ name: a.name ?? '', state: a.state, relationshipId: attributeByLocalName(a, 'id') });
      } else if (name === 'workbookPr') {
        const flag = parseAttributes(source, start, end).date1904;
        workbook.date1904 = flag === '1' || flag === 'true';
      }
    },
    close(name) {
      if (name === 'sheets') inSheets = false;
    },
    text: () => undefined,
  }));
  return workbook;
}

/**
 * Excel's built-in number formats that the reader has to know (a custom format of the same id in
 * the workbook wins): the date and time ones tell a date from a number.
 */
const BUILT_IN_FORMATS: Record<number, string> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'mm-dd-yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy "h":mm',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;[Red](#,##0)',
  39: '#,##0.00 ;(#,##0.00)',
  40: '#,##0.00 ;[Red](#,##0.00)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
  48: '##0.0E+0',
  49: '@',
};

/** Cell styles as far as reading values needs them: each style's number format. */
export interface Styles {
  /** Whether the workbook defines the style (a cell naming an unknown style keeps its row's format). */
  has(index: number): boolean;
  numFmt(index: number): string | undefined;
}

export async function readStyles(zip: ZipArchive, entry: ZipEntry | undefined): Promise<Styles> {
  const custom = new Map<number, string>();
  const cellFormats: number[] = [];
  if (entry) {
    let inNumFmts = false;
    let inCellXfs = false;
    await readPart(zip, entry, () => ({
      open(name, source, start, end) {
        if (name === 'numFmts') inNumFmts = true;
        else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'numFmt' && inNumFmts) {
          const a = parseAttributes(source, start, end);
          // A backslash escapes the character after it; what the user sees is the character.
          if (a.formatCode !== undefined) custom.set(parseInt(a.numFmtId ?? '', 10), a.formatCode.replace(/[\\](.)/g, '$1'));
        } else if (name === 'xf' && inCellXfs) cellFormats.push(parseInt(parseAttributes(source, start, end).numFmtId ?? '', 10));
      },
      close(name) {
        if (name === 'numFmts') inNumFmts = false;
        else if (name === 'cellXfs') inCellXfs = false;
      },
      text: () => undefined,
    }));
  }
  // An empty custom format falls back to the built-in one of the same id, as exceljs read it.
  const formats = cellFormats.map((id) => (id ? custom.get(id) || BUILT_IN_FORMATS[id] : undefined));
  return {
    has: (index) => index >= 0 && index < cellFormats.length,
    numFmt: (index) => formats[index],
  };
}

/**
 * The shared-strings table: each item's text, runs of rich text joined, trimmed as every cell is.
 * Phonetic guides (<rPh>, the reading printed above Japanese text) are not part of the text.
 */
export async function readSharedStrings(zip: ZipArchive, entry: ZipEntry | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let current = '';
  let inItem = false;
  let inPhonetic = false;
  await readPart(zip, entry, (capture) => ({
    open(name) {
      if (name === 'si') {
        inItem = true;
        current = '';
      } else if (name === 't' && inItem && !inPhonetic) capture(true);
      else if (name === 'rPh') inPhonetic = true;
    },
    close(name) {
      if (name === 't') capture(false);
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si') {
        strings.push(current.trim());
        inItem = false;
      }
    },
    text(text) {
      current += text;
      if (current.length > MAX_TEXT_CHARS) throw new XmlError('a shared string far longer than a cell holds');
    },
  }));
  return strings;
}
