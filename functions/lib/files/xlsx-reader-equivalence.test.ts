import { mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { tmpdir } from 'node:os';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { guardianFixture, guardianXlsx } from '../../../test/fixtures/generator/guardian-row-based';
import { generatePair } from '../../../test/fixtures/generator/generate';
import { randomStream } from '../../../test/fixtures/generator/random';
import { writeXlsx } from '../../../test/fixtures/generator/write-files';
import { IMPORT_KINDS } from '../../../shared/imports';
import { importTemplate } from '../imports/template';
import type { RawRow } from './header';
import type { WorkbookSource } from './source';
import { asStream, inlineStringsStyle, minimalXlsx, openXmlSdkStyle, utcDate, xlsxBuffer } from '../../../test/support/spreadsheet-fixtures';
import { openXlsx } from './xlsx';
import { openXlsxWithExcelJs } from '../../../test/fixtures/xlsx-oracle/exceljs-sheets';

/**
 * The .xlsx reader of our own against the exceljs-based reader it replaced: every workbook the
 * repository holds or builds, and workbooks written by hand to reach every cell type, style and
 * XML form, must read into the same sheets and the same rows, cell for cell.
 */

interface ReadWorkbook {
  names: string[];
  sawWorkbook: boolean;
  sheets: { name: string | null; hidden: boolean; rows: RawRow[] }[];
}

async function readAll(source: WorkbookSource & { sawWorkbook(): boolean }): Promise<ReadWorkbook> {
  const sheets: ReadWorkbook['sheets'] = [];
  try {
    for (;;) {
      const next = await source.sheets.next();
      if (next.done) break;
      const rows: RawRow[] = [];
      for (let row = await next.value.rows.next(); !row.done; row = await next.value.rows.next()) rows.push(row.value);
      sheets.push({ name: next.value.name, hidden: next.value.hidden, rows });
    }
  } finally {
    await source.close();
  }
  return { names: source.sheetNames(), sawWorkbook: source.sawWorkbook(), sheets };
}

const readNew = (bytes: Buffer) => readAll(openXlsx(asStream(bytes)));
const readOld = (bytes: Buffer) => readAll(openXlsxWithExcelJs(asStream(bytes)));

async function expectSameRows(bytes: Buffer): Promise<ReadWorkbook> {
  const [ours, before] = [await readNew(bytes), await readOld(bytes)];
  expect(ours).toEqual(before);
  return ours;
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

interface HandWritten {
  sheets: { name: string; state?: string; xml: string }[];
  /** The inside of each <si>. */
  sharedStrings?: string[];
  /** The inside of <styleSheet>. */
  styles?: string;
  date1904?: boolean;
}

/** A workbook whose parts are written out as given, the way Excel lays them out. */
async function handWritten(spec: HandWritten): Promise<Buffer> {
  const zip = new JSZip();
  const sheetOverrides = spec.sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('');
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheetOverrides}</Types>`,
  );
  zip.file('_rels/.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
  const sheets = spec.sheets.map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}"${s.state ? ` state="${s.state}"` : ''} r:id="rId${i + 1}"/>`).join('');
  zip.file(
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<workbook xmlns="${NS}" xmlns:r="${REL}"><workbookPr${spec.date1904 ? ' date1904="1"' : ''}/><bookViews><workbookView/></bookViews><sheets>${sheets}</sheets></workbook>`,
  );
  const n = spec.sheets.length;
  const rels = spec.sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('');
  zip.file(
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}<Relationship Id="rId${n + 1}" Type="${REL}/styles" Target="styles.xml"/>${spec.sharedStrings ? `<Relationship Id="rId${n + 2}" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
  );
  zip.file('xl/styles.xml', `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${NS}">${spec.styles ?? '<cellXfs count="1"><xf numFmtId="0"/></cellXfs>'}</styleSheet>`);
  if (spec.sharedStrings) {
    const items = spec.sharedStrings.map((s) => `<si>${s}</si>`).join('');
    zip.file('xl/sharedStrings.xml', `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}" count="${spec.sharedStrings.length}" uniqueCount="${spec.sharedStrings.length}">${items}</sst>`);
  }
  spec.sheets.forEach((s, i) => zip.file(`xl/worksheets/sheet${i + 1}.xml`, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<worksheet xmlns="${NS}" xmlns:r="${REL}"><dimension ref="A1"/><sheetData>${s.xml}</sheetData></worksheet>`));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** Number formats: built-in dates and times (14–22, 45–47), custom ones with escapes, quotes and locales. */
const STYLES = `<numFmts count="4"><numFmt numFmtId="164" formatCode="000\\-00\\-0000"/><numFmt numFmtId="165" formatCode="yyyy\\-mm\\-dd"/><numFmt numFmtId="166" formatCode="&quot;$&quot;#,##0.00"/><numFmt numFmtId="167" formatCode="[$-409]mmmm d, yyyy;@"/></numFmts>
<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders>
<cellXfs count="20">${[0, 14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47, 164, 165, 166, 167, 49, 2, 0].map((id) => `<xf numFmtId="${id}" fontId="0" fillId="0" borderId="0" xfId="0"${id ? ' applyNumberFormat="1"' : ''}/>`).join('')}</cellXfs>`;

const SHARED = [
  '<t>SSN</t>',
  '<t>Name</t>',
  '<t>DOB</t>',
  '<t>000417</t>',
  '<r><rPr><b/><sz val="11"/></rPr><t>Bo</t></r><r><t>b</t></r>',
  '<t xml:space="preserve">  padded  </t>',
  '<t>line one&#10;line two &amp; more</t>',
  '<t>AT&amp;T &lt;main&gt; &quot;plan&quot; &apos;x&apos; &#x41;&#66;</t>',
  '<t/>',
  '<t>Zoë Ñúñez 日本</t>',
];

const kitchenSink: HandWritten = {
  sharedStrings: SHARED,
  styles: STYLES,
  sheets: [
    {
      name: 'Census',
      xml: [
        '<row r="1" spans="1:3"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row>',
        // Every built-in date and time format, then the custom ones.
        `<row r="2">${Array.from({ length: 12 }, (_, i) => `<c r="${String.fromCharCode(65 + i)}2" s="${i + 1}"><v>${[44197, 44197.5, 29221.25, 0.75, 36526, 1.5, 45000.125, 60, 61, 0.0006944444444444445, 25569, 2958465][i]}</v></c>`).join('')}</row>`,
        '<row r="3"><c r="A3" t="s"><v>3</v></c><c r="B3" s="13"><v>12345678</v></c><c r="C3" s="14"><v>44197</v></c><c r="D3" s="15"><v>1234.5</v></c><c r="E3" s="16"><v>44197</v></c><c r="F3" t="str"><v>00123</v></c><c r="G3"><v>0.30000000000000004</v></c><c r="H3"><v>1E+21</v></c><c r="I3"><v>-5</v></c><c r="J3"><v>12345678901234567890</v></c><c r="K3" t="b"><v>1</v></c><c r="L3" t="b"><v>0</v></c><c r="M3" t="e"><v>#N/A</v></c><c r="N3" s="17"><v>417</v></c><c r="O3" s="18"><v>0</v></c></row>',
        // Row 4 is missing: a sparse sheet.
        '<row r="5"><c r="C5" t="s"><v>4</v></c></row>',
        '<row r="6"/>',
        '<row r="7"><c r="A7" s="1"/><c r="B7" t="s"/><c r="D7" t="s"><v>5</v></c><c r="E7" t="s"><v>8</v></c><c r="F7" t="s"><v>99</v></c></row>',
        '<row r="8"><c r="A8" t="inlineStr"><is><t xml:space="preserve">  A &amp; B &lt;C&gt; &quot;q&quot; line1&#10;line2 &#x41;</t></is></c><c r="B8" t="s"><v>6</v></c><c r="C8" t="s"><v>7</v></c><c r="D8" t="s"><v>9</v></c><c r="E8" t="inlineStr"><is><t>Zoë</t></is></c></row>',
        '<row r="9"><c r="A9" s="1"><f>DATE(2020,1,1)</f><v>43831</v></c><c r="B9" t="str"><f>A1&amp;"x"</f><v>abc</v></c><c r="C9"><f>1+1</f><v>2</v></c><c r="D9" s="13"><f t="shared" ref="D9:D10" si="0">B3</f><v>12345678</v></c><c r="E9"><f>X</f></c><c r="F9" s="14"><f>C3</f><v>44197</v></c></row>',
        '<row r="10" s="1" customFormat="1"><c r="A10"><v>44197</v></c><c r="B10" s="18"><v>44197</v></c><c r="C10" s="0"><v>44197</v></c><c r="D10" s="13"><f t="shared" si="0"/><v>7</v></c></row>',
        '<row r="11"><c r="A11" t="n"><v>7</v></c><c r="AA11" t="s"><v>1</v></c><c r="$C$11"><v>3</v></c></row>',
        '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>last</t></is></c></row>',
      ].join('\r\n'),
    },
    { name: 'Hidden &amp; old', state: 'hidden', xml: '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>3</v></c><c r="B2" t="s"><v>4</v></c></row>' },
    { name: 'Very hidden', state: 'veryHidden', xml: '<row r="3"><c r="B3" t="inlineStr"><is><t>x</t></is></c></row>' },
    { name: 'Empty', xml: '' },
  ],
};

describe('the .xlsx reader gives the rows the exceljs-based reader gave', { timeout: 120_000 }, () => {
  it('for the workbooks checked into test/fixtures', async () => {
    for (const file of ['baseline.xlsx', 'secondary.xlsx']) {
      const read = await expectSameRows(await readFile(path.resolve(import.meta.dirname, '../../../test/fixtures/small', file)));
      expect(read.sheets[0]!.rows.length).toBeGreaterThan(10);
    }
  });

  it("for the fixture generator's workbooks (real date cells, money formats, ids that lost their zeros)", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dvp-xlsx-same-'));
    try {
      const pair = generatePair({ rows: 3000, seed: 'same-rows', errorRate: 0.05 });
      for (const [table, side] of [
        [pair.baseline, 'baseline'],
        [pair.secondary, 'secondary'],
      ] as const) {
        const file = path.join(dir, `${side}.xlsx`);
        await writeXlsx(file, table, side);
        const read = await expectSameRows(await readFile(file));
        expect(read.sheets[0]!.rows.length).toBeGreaterThan(3000);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('for the workbooks the tests build: cover sheets, rich text, formulas, identifier formats, hidden sheets', async () => {
    const enrollment = {
      name: 'Enrollment',
      rows: [
        ['Acme Corp Enrollment Report'],
        [],
        ['SSN', 'First Name', 'Last Name', 'DOB', 'Employee ID', 'Premium', 'Annual', 'Active'],
        [12345678, 'Ann', 'Lee', utcDate(1980, 1, 5), '000417', 12.5, { formula: 'F4*12', result: 150 }, true],
        [987654321, { richText: [{ text: 'Bo' }, { font: { bold: true }, text: 'b' }] }, 'Ng', utcDate(1975, 12, 31), '000418', 0.1 + 0.2, { formula: 'F5*12', result: 3.6 }, false],
        [1234567, null, 'Sparse', null, '  spaced  ', -3, { formula: 'DATE(2021,1,1)', result: 44197 }],
      ],
      numFmt: { A4: '000-00-0000', A6: '000000000', D4: 'mm/dd/yyyy', D5: 'm/d/yy', G6: 'yyyy-mm-dd', F4: '0.00', F5: '#,##0.00' },
    };
    const cover = { name: 'Read me', rows: [['This workbook lists active enrollments.'], [], ['Questions: benefits@example.com']] };
    const old = { name: 'Old', rows: [['SSN', 'Name'], ['007', 'Ann']], state: 'hidden' as const };
    const built = await xlsxBuffer([cover, enrollment, old]);
    const read = await expectSameRows(built);
    expect(read.sheets.map((s) => [s.name, s.hidden])).toEqual([
      ['Read me', false],
      ['Enrollment', false],
      ['Old', true],
    ]);
    await expectSameRows(await openXmlSdkStyle(built));
    await expectSameRows(await inlineStringsStyle(built));
    await expectSameRows(await minimalXlsx('Data', [['SSN', 'First Name'], ['012-34-5678', 'Ann & <Bo>'], ['', 'gap']]));
    await expectSameRows(await guardianXlsx(guardianFixture({ families: 40, seed: 'same-rows' })));
    for (const kind of IMPORT_KINDS) await expectSameRows(Buffer.from((await importTemplate(kind)).content_base64, 'base64'));
  });

  it('for workbooks written by SheetJS, with and without a shared-strings table', async () => {
    const sheet = XLSX.utils.aoa_to_sheet(
      [
        ['SSN', 'Name', 'DOB', 'Premium', 'Note'],
        ['012345678', 'Ann', new Date(Date.UTC(1980, 0, 5)), 12.5, true],
        [123456789, 'Bob', new Date(Date.UTC(1975, 11, 31)), 0.3, null],
        [null, null, null, null, 'only the last'],
      ],
      { cellDates: true, UTC: true },
    );
    sheet['D2']!.z = '0.00';
    sheet['A3']!.z = '000000000';
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Census');
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Hidden', 'x']]), 'Other');
    book.Workbook = { Sheets: [{ Hidden: 0 }, { Hidden: 1 }] };
    for (const bookSST of [false, true]) {
      const read = await expectSameRows(Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST }) as Uint8Array));
      expect(read.sheets[0]!.rows[1]!.cells).toEqual(['012345678', 'Ann', '01/05/1980', '12.5', 'TRUE']);
    }
  });

  it('for hand-written parts: every date format, identifier formats, entities, rich text, sparse rows, row styles, formulas', async () => {
    const bytes = await handWritten(kitchenSink);
    const read = await expectSameRows(bytes);
    const census = read.sheets[0]!.rows;
    expect(census.map((r) => r.index)).toEqual([0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 1048575]);
    expect(census[2]!.cells.slice(0, 6)).toEqual(['000417', '012345678', '01/01/2021', '1234.5', '01/01/2021', '00123']);
    expect(census[5]!.cells[3]).toBe('padded');
    expect(read.sheets.map((s) => [s.name, s.hidden])).toEqual([
      ['Census', false],
      ['Hidden & old', true],
      ['Very hidden', true],
      ['Empty', false],
    ]);
    // The same parts written with the x: prefix, as the Open XML SDK writes them.
    await expectSameRows(await openXmlSdkStyle(bytes));
    await expectSameRows(await handWritten({ ...kitchenSink, date1904: true }));
  });
});

/**
 * One row of cells written every way a cell's tags may be written: plain, with single quotes, an
 * entity in r, a space before '>', a formula, an inline string, CDATA, line ends and '>' in the
 * value, an attribute of another namespace, no r at all, a style that is not a number.
 */
function cellForms(n: number): string[] {
  return [
    `<c r="A${n}" t="str"><v>a &amp; b ${n}</v></c>`,
    `<c r="B${n}" s="1"><v>${44197 + (n % 400)}</v></c>`,
    `<c r='C${n}' t='str'><v>single</v></c>`,
    `<c r="D${n}" s="1"/>`,
    `<c r="E${n}" t="str" ><v>spaced</v></c>`,
    `<c r="F${n}"><f>1+1</f><v>2</v></c>`,
    `<c r="G${n}" t="inlineStr"><is><t>in</t></is></c>`,
    `<c r="&#72;${n}" t="str"><v>entity in r</v></c>`,
    `<c r="I${n}" t="s"><v>${n % 10}</v></c>`,
    `<c t="n" r="J${n}" s="13"><v>${n}</v></c>`,
    `<c r="K${n}" t="str"><v></v></c>`,
    `<c r="L${n}" t="str"><v>line&#10;two\r\nthree</v></c>`,
    `<c><v>${n / 8}</v></c>`,
    `<c r="N${n}" x14ac:foo="1" t="str"><v>ns attribute</v></c>`,
    `<c r="O${n}" t="str"><v>a > b</v></c>`,
    `<c r="P${n}" t="str"><v><![CDATA[cd]]></v></c>`,
    `<c r="Q${n}" s="x"><v>3</v></c>`,
    `<c r="R${n}" s=" 1"><v>44197</v></c>`,
    `<c r="S${n}" t="b"><v>1</v></c>`,
    `<c r="T${n}" s="15"><v>${n * 1.25}</v></c>`,
  ];
}

/** A hand-written workbook of `rows` rows of cellForms, the cells of a row joined by `between`. */
const cellFormsWorkbook = (rows: number, between: string) =>
  handWritten({
    sharedStrings: SHARED,
    styles: STYLES,
    sheets: [{ name: 'Forms', xml: Array.from({ length: rows }, (_, i) => `<row r="${i + 1}">${cellForms(i + 1).join(between)}</row>`).join('') }],
  });

describe('the .xlsx reader reads cells straight from the text as it reads them element by element', { timeout: 60_000 }, () => {
  it('for every way a cell is written, over a sheet long enough that chunk ends cut cells', async () => {
    // Text between cells sends every cell through the element by element reading.
    const [straight, elementByElement] = await Promise.all([readNew(await cellFormsWorkbook(4000, '')), readNew(await cellFormsWorkbook(4000, '\n'))]);
    expect(straight).toEqual(elementByElement);
    const first = straight.sheets[0]!.rows[0]!.cells;
    expect(first.slice(0, 5)).toEqual(['a & b 1', '01/02/2021', 'single', '', 'spaced']);
    expect(first[11]).toBe('line\ntwo\nthree');
    expect(straight.sheets[0]!.rows).toHaveLength(4000);
  });
});

/** A workbook of random sheets, rows and cells of every kind exceljs writes, from a seed. */
async function randomWorkbook(seed: number): Promise<Buffer> {
  const random = randomStream(seed, 'xlsx-same-rows');
  const texts = ['SSN', '  spaced  ', 'A & B <c> "q" \'s\'', 'line\nbreak', '000417', 'Zoë Ñúñez 日本 😀', 'x', '007', '1e5', 'TRUE', ' '];
  const numberFormats = [undefined, '0', '0.00', '000000000', '000-00-0000', '00000', '#,##0.00', '@', 'General', '"$"#,##0.00', '0%', '0.00E+00', '# ?/?'];
  const dateFormats = [undefined, 'mm/dd/yyyy', 'm/d/yy', 'yyyy-mm-dd', 'd-mmm-yy', 'mm/dd/yyyy hh:mm', 'h:mm', '[$-409]mmmm d, yyyy;@', 'dd/mm/yyyy', 'mmm-yy'];
  const value = (): { value: ExcelJS.CellValue; numFmt?: string } => {
    switch (random.int(0, 9)) {
      case 0:
      case 1:
        return { value: random.pick(texts) };
      case 2:
        return { value: random.pick([0, 7, -5, 12345678, 123456789, 1234.5, 0.1 + 0.2, 1e15, 99.999, 2958465.5]), numFmt: random.pick(numberFormats) };
      case 3:
        return { value: new Date(Date.UTC(random.int(1900, 2099), random.int(0, 11), random.int(1, 28), random.chance(0.2) ? random.int(0, 23) : 0)), numFmt: random.pick(dateFormats) };
      case 4:
        return { value: random.chance(0.5) };
      case 5:
        return { value: { formula: 'A1', result: random.pick([3, 44197, 0.5, 'text', '0123']) }, numFmt: random.pick([...numberFormats, ...dateFormats]) };
      case 6:
        return { value: { richText: [{ text: random.pick(texts) }, { font: { italic: true }, text: random.pick(texts) }] } };
      case 7:
        return { value: { error: '#N/A' } as ExcelJS.CellErrorValue };
      case 8:
        return { value: { text: random.pick(texts), hyperlink: 'https://example.com/a?b=1&c=2' } };
      default:
        return { value: random.pick([44197, 12.5, 417]), numFmt: random.pick(dateFormats) };
    }
  };
  const workbook = new ExcelJS.Workbook();
  if (random.chance(0.2)) workbook.properties.date1904 = true;
  for (let s = random.int(1, 3); s > 0; s--) {
    const sheet = workbook.addWorksheet(`Sheet ${s} & co`, { state: random.pick(['visible', 'visible', 'hidden', 'veryHidden'] as const) });
    for (let r = random.int(0, 30); r > 0; r--) {
      const row = random.int(1, 60);
      for (let c = random.int(1, 12); c > 0; c--) {
        if (random.chance(0.3)) continue;
        const cell = sheet.getCell(row, random.int(1, 14));
        const { value: v, numFmt } = value();
        cell.value = v;
        if (numFmt) cell.numFmt = numFmt;
      }
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('the .xlsx reader over random workbooks', { timeout: 120_000 }, () => {
  it('gives the rows the exceljs-based reader gave, for 25 workbooks of random cells, formats and sheets (every fifth also with x: prefixes)', async () => {
    let cells = 0;
    for (let seed = 1; seed <= 25; seed++) {
      const bytes = await randomWorkbook(seed);
      const read = await expectSameRows(bytes);
      if (seed % 5 === 0) await expectSameRows(await openXmlSdkStyle(bytes));
      for (const sheet of read.sheets) for (const row of sheet.rows) cells += row.cells.filter((c) => c !== '').length;
    }
    expect(cells).toBeGreaterThan(1000);
  });
});

describe('the .xlsx reader where the exceljs-based reader lost or refused data', { timeout: 60_000 }, () => {
  const cell = async (xml: string, shared?: string[]) => (await readNew(await handWritten({ sharedStrings: shared, styles: STYLES, sheets: [{ name: 'S', xml }] }))).sheets[0]!.rows;

  it('reads rows and cells written without r, each after the one before', async () => {
    const rows = await cell('<row><c t="inlineStr"><is><t>SSN</t></is></c><c t="inlineStr"><is><t>Name</t></is></c></row><row><c><v>1</v></c><c r="D2"><v>4</v></c><c><v>5</v></c></row><row r="7"><c t="b"><v>1</v></c></row><row><c t="s"><v>0</v></c></row>', ['<t>x</t>']);
    expect(rows).toEqual([
      { index: 0, cells: ['SSN', 'Name'] },
      { index: 1, cells: ['1', '', '', '4', '5'] },
      { index: 6, cells: ['TRUE'] },
      { index: 7, cells: ['x'] },
    ]);
  });

  it('keeps every run of a rich inline string, CDATA text, and the base text of phonetic strings', async () => {
    const rows = await cell('<row r="1"><c r="A1" t="inlineStr"><is><r><t>Bo</t></r><r><rPr><b/></rPr><t>b</t></r></is></c><c r="B1" t="inlineStr"><is><t><![CDATA[<Ann & Co>]]></t></is></c><c r="C1" t="s"><v>0</v></c></row>', ['<t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/>']);
    expect(rows[0]!.cells).toEqual(['Bob', '<Ann & Co>', '東京']);
  });

  it('reads formula booleans and errors as Excel shows them, ISO date cells as dates, and text that spells an entity as written', async () => {
    const rows = await cell('<row r="1"><c r="A1" t="b"><f>A2&gt;0</f><v>1</v></c><c r="B1" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="C1" t="d"><v>2021-03-04</v></c><c r="D1" t="d"><v>2021-03-04T10:30:00</v></c><c r="E1" t="inlineStr"><is><t>R&amp;amp;D</t></is></c></row>');
    expect(rows[0]!.cells).toEqual(['TRUE', '#DIV/0!', '03/04/2021', '03/04/2021 10:30', 'R&amp;D']);
  });

  it('reads a workbook whose styles part has no fonts, fills or borders (some generators leave them out)', async () => {
    const bytes = await handWritten({ styles: '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" fontId="0"/></cellXfs>', sheets: [{ name: 'S', xml: '<row r="1"><c r="A1" t="inlineStr"><is><t>DOB</t></is></c></row><row r="2"><c r="A2" s="1"><v>44197</v></c></row>' }] });

    expect((await readNew(bytes)).sheets[0]!.rows).toEqual([
      { index: 0, cells: ['DOB'] },
      { index: 1, cells: ['01/01/2021'] },
    ]);
    await expect(readOld(bytes)).rejects.toThrow();
  });

  it('reads a workbook whose parts are stored uncompressed and in any order, with its workbook part named elsewhere', async () => {
    const zip = await JSZip.loadAsync(await handWritten(kitchenSink));
    const reordered = new JSZip();
    const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
    for (const name of names.reverse()) {
      const text = await zip.files[name]!.async('string');
      const renamed = name === 'xl/workbook.xml' ? 'xl/book.xml' : name === 'xl/_rels/workbook.xml.rels' ? 'xl/_rels/book.xml.rels' : name;
      reordered.file(renamed, name === '_rels/.rels' ? text.replace('xl/workbook.xml', '/xl/book.xml') : text);
    }
    const stored = await reordered.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
    const ours = await readNew(stored);
    const original = await readNew(await handWritten(kitchenSink));
    expect(ours).toEqual(original);
  });
});
