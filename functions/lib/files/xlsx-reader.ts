import ExcelJS from 'exceljs';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
// exceljs's own unzip dependency (exceljs 4.4 pins ^0.10.11); not yet listed in package.json.
import unzipper from 'unzipper';

/**
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
  workbookRels?: unknown;
  model?: unknown;
  styles: unknown;
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<{ eventType: string; value: ParkableWorksheet }>;
};

export type ParkableWorksheet = { parked?: boolean };

const WORKSHEET_PART = /^xl\/worksheets\/sheet(\d+)\.xml$/;

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

  async function* worksheets(): AsyncGenerator<ParkableWorksheet> {
    const zip = unzipper.Parse({ forceStream: true });
    // pipeline (unlike pipe) ends the zip iteration with the input's error, e.g. a failed download.
    const piping = pipeline(input, zip).catch(() => undefined);
    // unzipper leaves the entry being read open when the zip stream fails; ending it with the
    // failure is what lets a pending write or row read settle (and this generator clean up).
    let currentEntry: Readable | undefined;
    zip.once('close', () => {
      if (!currentEntry || currentEntry.readableEnded || currentEntry.destroyed) return;
      // Whoever reads the entry hears of it through its own listener; an entry nobody reads must
      // not turn this into an uncaught error.
      currentEntry.on('error', () => undefined);
      currentEntry.destroy(new Error('zip stream closed before the entry ended'));
    });
    let parkDir: string | undefined;
    const parked: { sheetNo: string; file: string }[] = [];
    try {
      for await (const entry of zip) {
        currentEntry = entry;
        const match = WORKSHEET_PART.exec(entry.path);
        if (entry.path === 'xl/_rels/workbook.xml.rels') await reader._parseRels(entry);
        else if (entry.path === 'xl/workbook.xml') await reader._parseWorkbook(entry);
        else if (entry.path === 'xl/sharedStrings.xml') for await (const _ of reader._parseSharedStrings(entry));
        else if (entry.path === 'xl/styles.xml') {
          await reader._parseStyles(entry);
          stylesRead = true;
        } else if (match) {
          // A worksheet can be read as it streams by only once everything it refers to is known;
          // otherwise (the usual order in Excel's files) it waits in a temporary file.
          if (reader.sharedStrings && reader.workbookRels && reader.model && stylesRead) {
            for (const { value } of reader._parseWorksheet(entry, match[1]!)) yield value;
          } else {
            parkDir ??= await mkdtemp(path.join(tmpdir(), 'dvp-xlsx-'));
            const file = path.join(parkDir, `sheet${match[1]}.xml`);
            await pipeline(entry, createWriteStream(file));
            parked.push({ sheetNo: match[1]!, file });
            continue;
          }
        }
        // Not awaited: a damaged entry may never end, and the zip stream reports that itself.
        entry.autodrain().promise().catch(() => undefined);
      }
      await piping;
      // Worksheets without the workbook part that names them: the zip was cut short.
      if (!reader.model && parked.length > 0) throw new Error('xl/workbook.xml missing after the worksheets');
      for (const { sheetNo, file } of parked) {
        const stream = createReadStream(file);
        try {
          for (const { value } of reader._parseWorksheet(stream, sheetNo)) {
            value.parked = true;
            yield value;
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
