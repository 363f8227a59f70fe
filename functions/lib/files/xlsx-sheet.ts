import { formatDate, formatNumberWithFormat, isDateFormat, excelSerialToDate } from './cells';
import type { RawRow } from './header';
import type { Styles } from './xlsx-parts';
import { decodeEntities, MAX_TEXT_CHARS, parseAttributes, PartDecoder, XmlError, XmlScanner, type XmlHandler } from './xlsx-xml';
import type { ZipArchive, ZipEntry } from './xlsx-zip';

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
  if (!numFmt) return false;
  return /[ymdhMsb]+/.test(numFmt.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

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
  let column = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) column = column * 26 + (c - 64);
    else if (c >= 97 && c <= 122) column = column * 26 + (c - 96);
    else if (c !== 36) break;
  }
  return column;
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

  open(name: string, source: string, start: number, end: number): void {
    switch (name) {
      case 'c': {
        if (!this.row) return;
        this.readCellAttributes(source, start, end);
        const column = this.ref === undefined ? this.nextColumn : columnOf(this.ref);
        if (column < 1 || column > MAX_COLUMNS) throw new XmlError('cell reference outside the sheet');
        this.inCell = true;
        this.column = column;
        this.nextColumn = column + 1;
        const style = this.style === undefined ? 0 : parseInt(this.style, 10);
        // A cell without a style of its own (or with the default, 0) shows its row's format.
        this.numFmt = style && this.context.styles.has(style) ? this.context.styles.numFmt(style) : this.rowNumFmt;
        this.hasFormula = false;
        this.value = undefined;
        return;
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
        return;
      }
      case 'sheetData':
        this.inSheetData = true;
        return;
    }
  }

  close(name: string): void {
    switch (name) {
      case 'c': {
        if (!this.inCell || !this.row) return;
        this.inCell = false;
        this.capture(false);
        const text = cellText(this.type, this.value, this.hasFormula, this.numFmt, this.context);
        if (text === '') return;
        const cells = this.row.cells;
        while (cells.length < this.column - 1) cells.push('');
        cells[this.column - 1] = text;
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

  private ref: string | undefined;
  private style: string | undefined;

  /** The r, t and s of a <c>, read in place: the one tag met for every cell of the sheet. */
  private readCellAttributes(source: string, start: number, end: number): void {
    this.ref = undefined;
    this.type = undefined;
    this.style = undefined;
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
      if (nameEnd - nameStart === 1) {
        // A reference, type or style index holds no line ends to normalise, only perhaps an entity.
        const name = source.charCodeAt(nameStart);
        if (name === 114 /* r */) this.ref = decodeEntities(source.slice(open + 1, close));
        else if (name === 116 /* t */) this.type = decodeEntities(source.slice(open + 1, close));
        else if (name === 115 /* s */) this.style = decodeEntities(source.slice(open + 1, close));
      }
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
