import ExcelJS from 'exceljs';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, Writable, type Readable } from 'node:stream';
import { FileParseError } from './errors';
import { messages } from './messages';
import { unprefixSpreadsheetMl } from './xml-prefix';
// exceljs's own unzip dependency (exceljs 4.4 pins ^0.10.11); not yet listed in package.json.
import unzipper from 'unzipper';

/**
 * Uploads are read by xlsx.ts now; this, with xlsx-exceljs.ts, is the reader they went through
 * before, kept so that a test can hold the two readers' rows against each other.
 *
 * exceljs's streaming WorkbookReader with its zip loop replaced. The original (exceljs 4.4,
 * workbook-reader.js parse()) walks the zip entries with a hand-made stream iterator that can miss
 * the last entry on Node 18+ (exceljs issues #2663, #3064): workbooks that store xl/workbook.xml
 * last — exceljs itself writes them that way — then fail with "Cannot read properties of undefined
 * (reading 'sheets')". It also leaves its parked-worksheet temporary files behind when reading
 * stops early or the file is damaged. This loop uses Node's own stream iteration, parks worksheets
 * in a directory of its own and removes it however the read ends. Parsing of each part is still
 * exceljs's.
 */
type WorkbookReaderInternals = {
  sharedStrings?: unknown[];
  workbookRels?: { Id?: string; Target?: string }[];
  model?: { sheets?: { id?: number; name?: string; state?: string; rId?: string }[] };
  styles: unknown;
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<{ eventType: string; value: ParkableWorksheet }>;
};

export type ParkableWorksheet = { parked?: boolean; id?: number | string; name?: string; state?: string };

/**
 * Any part in xl/worksheets/, not only Excel's sheetN.xml: the Open XML SDK names its first one
 * sheet.xml, other writers use their own names; the workbook's relationships say which sheet it is.
 */
const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/i;
const NUMBERED_PART = /sheet(\d+)\.xml$/i;

/** The part a workbook relationship points at: targets are relative to xl/ unless absolute. */
function partOfTarget(target: string): string {
  return (target.startsWith('/') ? target.slice(1) : path.posix.normalize(`xl/${target}`)).toLowerCase();
}

/**
 * A zip bomb is a few kilobytes that open into gigabytes. Real workbooks open to at most a few dozen
 * times their size (XML compresses well, but not a thousandfold), so the bytes a workbook opens into
 * may not pass this multiple of the bytes read so far, plus an allowance for small files.
 */
export const MAX_INFLATION_RATIO = 100;
export const INFLATION_ALLOWANCE_BYTES = 64 * 1024 * 1024;

/** Counts compressed bytes going in and opened bytes coming out; fails the part that goes past the budget. */
function inflationBudget() {
  let compressed = 0;
  let inflated = 0;
  return {
    counting(): Transform {
      return new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          compressed += chunk.length;
          callback(null, chunk);
        },
      });
    },
    meter(): Transform {
      return new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          inflated += chunk.length;
          if (inflated > compressed * MAX_INFLATION_RATIO + INFLATION_ALLOWANCE_BYTES) {
            return callback(new FileParseError('TOO_LARGE', messages.zipBomb(inflated, compressed)));
          }
          callback(null, chunk);
        },
      });
    },
  };
}

export function createWorkbookReader(input: Readable): AsyncIterable<ParkableWorksheet> & Record<string, unknown> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles carry the number formats that tell a date from a number.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as WorkbookReaderInternals & Record<string, unknown>;
  let stylesRead = false;
  let unnumbered = 0;

  /** Names the sheet from the workbook, as exceljs does only for sheetN.xml parts with relative targets. */
  function identify(sheet: ParkableWorksheet, part: string): ParkableWorksheet {
    const rel = (reader.workbookRels ?? []).find((r) => r.Target !== undefined && partOfTarget(r.Target) === part.toLowerCase());
    const meta = rel && (reader.model?.sheets ?? []).find((s) => s.rId === rel.Id);
    if (meta) {
      sheet.id = meta.id;
      sheet.name = meta.name;
      sheet.state = meta.state;
    }
    return sheet;
  }

  async function* worksheets(): AsyncGenerator<ParkableWorksheet> {
    const zip = unzipper.Parse({ forceStream: true });
    const budget = inflationBudget();
    // pipeline (unlike pipe) ends the zip iteration with the input's error, e.g. a failed download.
    const piping = pipeline(input, budget.counting(), zip).catch(() => undefined);
    // unzipper leaves the entry being read open when the zip stream fails; ending it with the
    // failure is what lets a pending write or row read settle (and this generator clean up).
    let currentEntry: Readable | undefined;
    zip.once('close', () => {
      // The zip also closes as soon as its last bytes are handed to the entries, and an entry
      // that has all its bytes (its writable side ended) ends by itself once read: only an entry
      // still waiting for bytes that will never come is stuck.
      const entry = currentEntry as (Readable & { writableEnded?: boolean }) | undefined;
      if (!entry || entry.readableEnded || entry.destroyed || entry.writableEnded) return;
      // Whoever reads the entry hears of it through its own listener; an entry nobody reads must
      // not turn this into an uncaught error.
      entry.on('error', () => undefined);
      entry.destroy(new Error('zip stream closed before the entry ended'));
    });
    let parkDir: string | undefined;
    const parked: { sheetNo: string; file: string; part: string }[] = [];
    try {
      for await (const entry of zip) {
        currentEntry = entry;
        const isWorksheet = WORKSHEET_PART.test(entry.path);
        // Every byte an entry opens into passes the budget's meter, whether it is parsed, parked or skipped.
        const metered = entry.pipe(budget.meter());
        entry.on('error', (error: Error) => metered.destroy(error));
        const part = () => unprefixSpreadsheetMl(metered);
        if (entry.path === 'xl/_rels/workbook.xml.rels') await reader._parseRels(metered);
        else if (entry.path === 'xl/workbook.xml') await reader._parseWorkbook(part());
        else if (entry.path === 'xl/sharedStrings.xml') for await (const _ of reader._parseSharedStrings(part()));
        else if (entry.path === 'xl/styles.xml') {
          await reader._parseStyles(part());
          stylesRead = true;
        } else if (isWorksheet) {
          const sheetNo = NUMBERED_PART.exec(entry.path)?.[1] ?? `x${++unnumbered}`;
          // A worksheet can be read as it streams by only once everything it refers to is known;
          // otherwise (the usual order in Excel's files) it waits in a temporary file.
          if (reader.sharedStrings && reader.workbookRels && reader.model && stylesRead) {
            for (const { value } of reader._parseWorksheet(part(), sheetNo)) yield identify(value, entry.path);
          } else {
            parkDir ??= await mkdtemp(path.join(tmpdir(), 'dvp-xlsx-'));
            const file = path.join(parkDir, `part${parked.length}.xml`);
            await pipeline(part(), createWriteStream(file));
            parked.push({ sheetNo, file, part: entry.path });
            continue;
          }
        }
        // Not awaited: a damaged entry may never end, and the zip stream reports that itself. Drained
        // through the meter, so a bomb in a part nobody reads is stopped too.
        const drained = metered.pipe(new Writable({ write: (_chunk, _encoding, done) => done() }));
        const stop = (error: Error) => {
          drained.destroy();
          zip.destroy(error);
        };
        metered.once('error', stop);
      }
      await piping;
      // Worksheets without the workbook part that names them: the zip was cut short.
      if (!reader.model && parked.length > 0) throw new Error('xl/workbook.xml missing after the worksheets');
      for (const { sheetNo, file, part } of parked) {
        const stream = createReadStream(file);
        try {
          for (const { value } of reader._parseWorksheet(stream, sheetNo)) {
            value.parked = true;
            yield identify(value, part);
          }
        } finally {
          stream.destroy();
        }
      }
    } finally {
      zip.destroy();
      if (parkDir) await rm(parkDir, { recursive: true, force: true });
    }
  }

  reader[Symbol.asyncIterator as unknown as string] = worksheets;
  return reader as unknown as AsyncIterable<ParkableWorksheet> & Record<string, unknown>;
}
