import { formatDate, formatNumberWithFormat, isDateFormat, excelSerialToDate } from './cells';
import type { RawRow } from './header';
import type { Styles } from './xlsx-parts';
import { decodeEntities, MAX_TEXT_CHARS, normaliseLineEnds, parseAttributes, PartDecoder, XmlError, XmlScanner, type XmlHandler } from './xlsx-xml';
import type { ZipArchive, ZipEntry } from './xlsx-zip';
import { remembered } from './remembered';

export interface SheetContext {
  /** Already trimmed. */
  sharedStrings: readonly string[];
  styles: Styles;
  date1904: boolean;
}

/** Excel's last column, XFD. */
const MAX_COLUMNS = 16_384;

/**
 * Whether a plain number cell's format shows it as a date or time: any of y m d h s (M for
 * months) outside quoted text and [brackets]. This is how exceljs, the reader before this one,
 * told them apart, kept so that every cell reads as it did.
 */
function isDateCellFormat(numFmt: string | undefined): boolean {
  return !!numFmt && isDateFormatText(numFmt);
}
const isDateFormatText = remembered((numFmt) => /[ymdhMsb]+/.test(numFmt.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '')));

function serialToDateText(serial: number, date1904: boolean): string {
  return formatDate(new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 24 * 3600 * 1000)));
}

/** A t="d" cell holds an ISO 8601 date; one without a zone is a calendar date and time as written. */
function isoDateText(value: string): string {
  const text = value.trim();
  const zoned = /[zZ]|[+-]\d{2}:?\d{2}$/.test(text.slice(10));
  return formatDate(new Date(text.length === 10 ? `${text}T00:00:00Z` : zoned ? text : `${text}Z`));
}

/**
 * The text of a cell as the user sees it in Excel, for the comparison: numbers in their
 * identifier formats (leading zeros shown back), dates as MM/DD/YYYY, booleans as TRUE/FALSE.
 * `value` is the text of the cell's <v> (or of its inline string), undefined when it has none.
 */
export function cellText(type: string | undefined, value: string | undefined, hasFormula: boolean, numFmt: string | undefined, context: SheetContext): string {
  if (value === undefined) return '';
  if (hasFormula) {
    switch (type) {
      case 'str':
      case 'e':
        return value.trim();
      case 'b':
        return parseInt(value, 10) !== 0 ? 'TRUE' : 'FALSE';
      default: {
        // A formula's number result is a date when its format has date placeholders.
        const result = parseFloat(value);
        if (isDateFormat(numFmt)) return formatDate(excelSerialToDate(result, context.date1904));
        if (Number.isNaN(result)) return '';
        return formatNumberWithFormat(result, numFmt).trim();
      }
    }
  }
  switch (type) {
    case 's':
      return context.sharedStrings[parseInt(value, 10)] ?? '';
    case 'inlineStr':
    case 'str':
    case 'e':
      return value.trim();
    case 'b':
      return parseInt(value, 10) !== 0 ? 'TRUE' : 'FALSE';
    case 'd':
      return isoDateText(value);
    default: {
      const number = parseFloat(value);
      if (isDateCellFormat(numFmt)) return serialToDateText(number, context.date1904);
      return formatNumberWithFormat(number, numFmt).trim();
    }
  }
}

/** The column of a cell reference (C12 → 3, $AB$7 → 28), 0 if it names none. */
function columnOf(ref: string): number {
  return columnAt(ref, 0, ref.length);
}

/** columnOf of the reference written at source[start, end), read in place. */
function columnAt(source: string, start: number, end: number): number {
  let column = 0;
  for (let i = start; i < end; i++) {
    const c = source.charCodeAt(i);
    if (c >= 65 && c <= 90) column = column * 26 + (c - 64);
    else if (c >= 97 && c <= 122) column = column * 26 + (c - 96);
    else if (c !== 36) break;
  }
  return column;
}

function decodedValue(source: string, start: number, end: number): string {
  return decodeEntities(source.slice(start, end));
}

/** Whether source[start, end) holds an entity reference's '&' (searched in the range only). */
function hasAmpersand(source: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (source.charCodeAt(i) === 38) return true;
  return false;
}

const CELL_TYPES = ['s', 'n', 'b', 'e', 'd', 'str', 'inlineStr'];

/** The cell type written at source[start, end) when it is one of the types of the standard, without a copy. */
function knownType(source: string, start: number, end: number): string | undefined {
  for (const type of CELL_TYPES) if (type.length === end - start && source.startsWith(type, start)) return type;
  return undefined;
}

/** The number written at source[start, end) when it is digits only (as parseInt reads them), else undefined. */
function digitsAt(source: string, start: number, end: number): number | undefined {
  if (start === end || end - start > 9) return undefined;
  let n = 0;
  for (let i = start; i < end; i++) {
    const c = source.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return undefined;
    n = n * 10 + c;
  }
  return n;
}

/**
 * Turns a worksheet's <sheetData> into rows: every <row> element, in file order, with its cells'
 * texts at their columns ('' between them) and no trailing empty cells. Rows and cells without
 * an r attribute follow the one before them, as Excel reads them.
 */
class SheetHandler implements XmlHandler {
  ready: RawRow[] = [];
  private inSheetData = false;
  private row: RawRow | undefined;
  private lastRowNumber = 0;
  private rowNumFmt: string | undefined;
  private nextColumn = 1;
  private inCell = false;
  private column = 0;
  private type: string | undefined;
  private numFmt: string | undefined;
  private hasFormula = false;
  private value: string | undefined;
  private inInlineString = false;
  private inPhonetic = false;

  constructor(
    private readonly context: SheetContext,
    private readonly capture: (on: boolean) => void,
  ) {}

  open(name: string, source: string, start: number, end: number, contentStart?: number): number | void {
    switch (name) {
      case 'c': {
        if (!this.row) return;
        this.beginCell(source, start, end);
        if (contentStart === undefined) return;
        const after = this.valueOnly(source, contentStart);
        return after === undefined ? undefined : this.plainCells(source, after);
      }
      case 'v':
        if (!this.inCell) return;
        this.value = '';
        this.capture(true);
        return;
      case 'f':
        if (this.inCell) this.hasFormula = true;
        return;
      case 'is':
        if (!this.inCell) return;
        this.value = '';
        this.inInlineString = true;
        return;
      case 't':
        if (this.inInlineString && !this.inPhonetic) this.capture(true);
        return;
      case 'rPh':
        this.inPhonetic = true;
        return;
      case 'row': {
        if (!this.inSheetData) return;
        const a = parseAttributes(source, start, end);
        const number = a.r === undefined ? NaN : parseInt(a.r, 10);
        this.lastRowNumber = Number.isNaN(number) ? this.lastRowNumber + 1 : number;
        this.row = { index: this.lastRowNumber - 1, cells: [] };
        this.nextColumn = 1;
        const style = a.s ? parseInt(a.s, 10) : NaN;
        this.rowNumFmt = this.context.styles.has(style) ? this.context.styles.numFmt(style) : undefined;
        return contentStart === undefined ? undefined : this.plainCells(source, contentStart);
      }
      case 'sheetData':
        this.inSheetData = true;
        return;
    }
  }

  /** What the <c> start tag whose attributes are source[start, end) says of the cell. */
  private beginCell(source: string, start: number, end: number): void {
    this.readCellAttributes(source, start, end);
    this.placeCell();
  }

  /** Where the cell whose attributes were just read goes, and its number format. */
  private placeCell(): void {
    const column = this.refColumn < 0 ? this.nextColumn : this.refColumn;
    if (column < 1 || column > MAX_COLUMNS) throw new XmlError('cell reference outside the sheet');
    this.inCell = true;
    this.column = column;
    this.nextColumn = column + 1;
    const style = this.style;
    // A cell without a style of its own (or with the default, 0) shows its row's format.
    this.numFmt = style && this.context.styles.has(style) ? this.context.styles.numFmt(style) : this.rowNumFmt;
    this.hasFormula = false;
    this.value = undefined;
  }

  /**
   * The cells of a row written one after the other the usual way, `<c r="B5" t="str"><v>text</v></c>`
   * or `<c r="B5" s="1"/>`, read straight from the text as the element by element path reads
   * them. Stops at anything else (the row's end, a formula, an inline string, a comment, text
   * between cells, a cell cut by the chunk's end) and answers where, for the scanner to read on.
   */
  private plainCells(source: string, at: number): number {
    for (;;) {
      if (source.charCodeAt(at) !== 60 || source.charCodeAt(at + 1) !== 99) return at;
      const afterName = source.charCodeAt(at + 2);
      if (afterName !== 32 && afterName !== 62 && afterName !== 47) return at;
      const gt = this.readPlainCellTag(source, at + 2);
      if (gt < 0) return at;
      this.placeCell();
      if (source.charCodeAt(gt - 1) === 47) {
        this.endCell();
        at = gt + 1;
        continue;
      }
      const after = this.valueOnly(source, gt + 1);
      // Begun but not plain: the scanner reads its content element by element.
      if (after === undefined) return gt + 1;
      at = after;
    }
  }

  /**
   * Most cells are `<c …><v>text</v></c>` whole in the text at hand: read here in one go, as the
   * element by element path would read them, and the position after `</c>` answered. Anything
   * else (a formula, an inline string, a comment, a cell cut by the chunk's end) answers undefined
   * and is read element by element.
   */
  private valueOnly(source: string, at: number): number | undefined {
    if (source.charCodeAt(at) !== 60 || source.charCodeAt(at + 1) !== 118 || source.charCodeAt(at + 2) !== 62) return undefined;
    const lt = source.indexOf('<', at + 3);
    if (lt < 0 || !source.startsWith('</v></c>', lt)) return undefined;
    const value = decodeEntities(normaliseLineEnds(source.slice(at + 3, lt)));
    if (value.length > MAX_TEXT_CHARS) throw new XmlError('a cell value far longer than a spreadsheet holds');
    this.value = value;
    this.endCell();
    return lt + 8;
  }

  private endCell(): void {
    this.inCell = false;
    const text = (this.type === undefined || this.type === 'n') && !this.hasFormula && this.value !== undefined ? this.numberText(this.value) : cellText(this.type, this.value, this.hasFormula, this.numFmt, this.context);
    if (text === '') return;
    const cells = this.row!.cells;
    while (cells.length < this.column - 1) cells.push('');
    cells[this.column - 1] = text;
  }

  /** Dates repeat (births, hires, coverage starts): each one's text is formatted once. */
  private readonly dateText = remembered((serial) => serialToDateText(parseFloat(serial), this.context.date1904));

  /** A plain number cell's text, as cellText gives it. */
  private numberText(value: string): string {
    return isDateCellFormat(this.numFmt) ? this.dateText(value) : cellText(undefined, value, false, this.numFmt, this.context);
  }

  close(name: string): void {
    switch (name) {
      case 'c': {
        if (!this.inCell || !this.row) return;
        this.capture(false);
        this.endCell();
        return;
      }
      case 'v':
      case 't':
        this.capture(false);
        return;
      case 'is':
        this.inInlineString = false;
        return;
      case 'rPh':
        this.inPhonetic = false;
        return;
      case 'row':
        if (!this.row) return;
        this.ready.push(this.row);
        this.row = undefined;
        return;
      case 'sheetData':
        this.inSheetData = false;
        return;
    }
  }

  /** The column the cell's r names, -1 when it has none. */
  private refColumn = -1;
  /** The cell's style index; 0 (the default) when it has none, NaN when it is not a number. */
  private style = 0;

  /**
   * The r, t and s of a <c> start tag whose attributes begin at `at`, when they are written the
   * usual way (name="value"), read in one pass as readCellAttributes reads them; answers the
   * position of the tag's '>', or -1 to leave the tag to the scanner.
   */
  private readPlainCellTag(source: string, at: number): number {
    this.refColumn = -1;
    this.type = undefined;
    this.style = 0;
    let i = at;
    for (;;) {
      let code = source.charCodeAt(i);
      while (code <= 32) code = source.charCodeAt(++i);
      if (code === 62 /* > */) return i;
      if (code === 47 /* / */) return source.charCodeAt(i + 1) === 62 ? i + 1 : -1;
      const nameStart = i;
      while (code > 32 && code !== 61 && code !== 62 && code !== 47) code = source.charCodeAt(++i);
      if (code !== 61 || source.charCodeAt(i + 1) !== 34) return -1;
      const valueStart = i + 2;
      const close = source.indexOf('"', valueStart);
      if (close < 0) return -1;
      if (i - nameStart === 1) this.setCellAttribute(source.charCodeAt(nameStart), source, valueStart, close);
      i = close + 1;
    }
  }

  /**
   * The cell's r, t or s (by the char code of its one-letter name; others are ignored) from the
   * value written at source[start, end). A reference, type or style index holds no line ends to
   * normalise, only perhaps an entity: read in place when plain, decoded first otherwise.
   */
  private setCellAttribute(name: number, source: string, start: number, end: number): void {
    if (name !== 114 && name !== 116 && name !== 115) return;
    const plain = !hasAmpersand(source, start, end);
    if (name === 114 /* r */) this.refColumn = plain ? columnAt(source, start, end) : columnOf(decodedValue(source, start, end));
    else if (name === 116 /* t */) this.type = (plain ? knownType(source, start, end) : undefined) ?? decodedValue(source, start, end);
    else this.style = (plain ? digitsAt(source, start, end) : undefined) ?? parseInt(decodedValue(source, start, end), 10);
  }

  /** The r, t and s of a <c>, read in place: the one tag met for every cell of the sheet. */
  private readCellAttributes(source: string, start: number, end: number): void {
    this.refColumn = -1;
    this.type = undefined;
    this.style = 0;
    let at = start;
    for (;;) {
      const equals = source.indexOf('=', at);
      if (equals < 0 || equals >= end) return;
      let nameStart = at;
      while (source.charCodeAt(nameStart) <= 32) nameStart++;
      let nameEnd = equals;
      while (nameEnd > nameStart && source.charCodeAt(nameEnd - 1) <= 32) nameEnd--;
      let open = equals + 1;
      while (open < end && source.charCodeAt(open) !== 34 && source.charCodeAt(open) !== 39) open++;
      if (open >= end) return;
      const close = source.indexOf(source[open]!, open + 1);
      if (close < 0 || close >= end) throw new XmlError('attribute value never closed');
      if (nameEnd - nameStart === 1) this.setCellAttribute(source.charCodeAt(nameStart), source, open + 1, close);
      at = close + 1;
    }
  }

  text(text: string): void {
    if (this.value === undefined) return;
    this.value += text;
    if (this.value.length > MAX_TEXT_CHARS) throw new XmlError('a cell value far longer than a spreadsheet holds');
  }
}

/** A worksheet's rows as its part is opened; ending the iteration early stops the opening. */
export async function* sheetRows(zip: ZipArchive, entry: ZipEntry, context: SheetContext): AsyncGenerator<RawRow, void, undefined> {
  const handler: SheetHandler = new SheetHandler(context, (on) => (scanner.capture = on));
  const scanner = new XmlScanner(handler);
  const decoder = new PartDecoder(scanner);
  for await (const chunk of zip.open(entry)) {
    decoder.write(chunk);
    if (handler.ready.length > 0) {
      const ready = handler.ready;
      handler.ready = [];
      yield* ready;
    }
  }
  decoder.end();
  yield* handler.ready;
}
