import type { Readable } from 'node:stream';
import type { SheetSource, WorkbookSource } from './source';
import { readRelationships, readSharedStrings, readStyles, readWorkbook, type SheetEntry } from './xlsx-parts';
import { sheetRows, type SheetContext } from './xlsx-sheet';
import { openZip, type KeepOptions, type ZipArchive, type ZipEntry } from './xlsx-zip';

/** Worksheet parts live in xl/worksheets/ whatever their names (the Open XML SDK writes sheet.xml). */
const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/i;

interface OpenedWorkbook {
  sheets: { sheet: SheetEntry; entry: ZipEntry }[];
  context: SheetContext;
}

/**
 * Reads an .xlsx workbook: the upload is kept whole (see xlsx-zip.ts), its shared strings and
 * styles are read first, then each worksheet in the workbook's order, its rows parsed as its part
 * is opened and never held whole. A sheet that is skipped is never opened further.
 */
export function openXlsx(stream: Readable, options: KeepOptions = {}): WorkbookSource & { sawWorkbook(): boolean } {
  let zip: ZipArchive | undefined;
  let sheetList: SheetEntry[] | undefined;
  let opening: Promise<OpenedWorkbook | undefined> | undefined;
  let current: SheetSource | undefined;
  let nextSheet = 0;
  let closed = false;

  async function open(): Promise<OpenedWorkbook | undefined> {
    const archive = await openZip(stream, options);
    zip = archive;
    const packageRelationships = await readRelationships(archive, '');
    const officeDocument = packageRelationships.find((r) => r.type.endsWith('/officeDocument') && r.part && archive.entry(r.part));
    const workbookEntry = archive.entry(officeDocument?.part ?? 'xl/workbook.xml');
    // A zip without a workbook part is some other document (a .docx renamed .xlsx).
    if (!workbookEntry) return undefined;
    const workbook = await readWorkbook(archive, workbookEntry);
    sheetList = workbook.sheets;
    const relationships = await readRelationships(archive, workbookEntry.name);
    const part = (type: string, usual: string) => {
      const found = relationships.find((r) => r.type.endsWith(`/${type}`) && r.part && archive.entry(r.part));
      return archive.entry(found?.part ?? usual);
    };
    const styles = await readStyles(archive, part('styles', 'xl/styles.xml'));
    const sharedStrings = await readSharedStrings(archive, part('sharedStrings', 'xl/sharedStrings.xml'));
    const sheets = workbook.sheets.flatMap((sheet) => {
      const relationship = relationships.find((r) => r.id === sheet.relationshipId);
      const entry = relationship?.part ? archive.entry(relationship.part) : undefined;
      // Chart sheets and dialog sheets hold no cells.
      const isWorksheet = relationship !== undefined && (relationship.type.endsWith('/worksheet') || WORKSHEET_PART.test(relationship.part ?? ''));
      return entry && isWorksheet ? [{ sheet, entry }] : [];
    });
    return { sheets, context: { sharedStrings, styles, date1904: workbook.date1904 } };
  }

  function sheetSource(archive: ZipArchive, sheet: SheetEntry, entry: ZipEntry, context: SheetContext): SheetSource {
    const rows = sheetRows(archive, entry, context);
    return {
      name: sheet.name,
      hidden: sheet.state !== undefined && sheet.state !== 'visible',
      rows,
      async skip() {
        // Stops opening the part; the rest of it is never read.
        await rows.return(undefined);
      },
    };
  }

  return {
    isWorkbook: true,
    sheets: {
      async next() {
        if (current) await current.skip();
        current = undefined;
        if (closed) return { done: true, value: undefined };
        opening ??= open();
        const workbook = await opening;
        const next = workbook?.sheets[nextSheet++];
        if (!workbook || !next || !zip) return { done: true, value: undefined };
        current = sheetSource(zip, next.sheet, next.entry, workbook.context);
        return { done: false, value: current };
      },
    },
    sheetNames: () => (sheetList ?? []).map((s) => s.name),
    sawWorkbook: () => sheetList !== undefined,
    async close() {
      if (closed) return;
      closed = true;
      try {
        if (current) await current.skip();
        if (opening) await opening;
      } catch {
        // Nothing more is needed from the file.
      } finally {
        current = undefined;
        stream.destroy();
        await zip?.close();
      }
    },
  };
}
