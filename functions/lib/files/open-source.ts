import path from 'node:path';
import { openCsv } from './csv';
import { FileParseError } from './errors';
import { peekInput, readAtMost, type FileInput, type PeekedInput } from './input';
import { MAX_DATA_FILE_BYTES, MAX_XLS_BYTES } from './limits';
import { messages } from './messages';
import { describeContent, sniffContent, type ContentKind } from './sniff';
import type { SheetSource, WorkbookSource } from './source';
import { inspectOle, openXls } from './xls';
import { openXlsx } from './xlsx';
import { openX12, startsWithIsa } from './x12';

export const DATA_FILE_EXTENSIONS = ['.xlsx', '.xls', '.csv', '.834', '.edi', '.x12', '.txt'] as const;
const X12_EXTENSIONS: readonly string[] = ['.834', '.edi', '.x12', '.txt'];
export type DataFileExtension = (typeof DATA_FILE_EXTENSIONS)[number];

/** Enough to recognise any format and to guess a CSV file's encoding and delimiter. */
const HEAD_BYTES = 64 * 1024;

export function dataFileExtension(fileName: string): DataFileExtension {
  const extension = path.extname(fileName).toLowerCase();
  if (!(DATA_FILE_EXTENSIONS as readonly string[]).includes(extension)) {
    throw new FileParseError('WRONG_EXTENSION', messages.wrongExtension(path.basename(fileName)));
  }
  return extension as DataFileExtension;
}

/**
 * Opens a data file as worksheets of rows, trusting its content over its name where the content is
 * a spreadsheet we can read (an .xls export that is really .xlsx, or HTML, is common), and refusing
 * it when the content is something else (a PDF renamed .xlsx).
 */
export async function openSource(input: FileInput, fileName: string, maxBytes = MAX_DATA_FILE_BYTES): Promise<WorkbookSource> {
  const extension = dataFileExtension(fileName);
  const peeked = await peekInput(input, HEAD_BYTES, maxBytes);
  const kind = sniffContent(peeked.head);
  const mismatch = () => new FileParseError('CONTENT_MISMATCH', messages.contentMismatch(path.basename(fileName), describeContent(kind)));

  if (kind === 'empty') throw new FileParseError('EMPTY_FILE', messages.empty());
  // An 834 is recognised by its content (a file starting with ISA), whatever it is called.
  if (kind === 'text' && startsWithIsa(peeked.head)) return guardErrors(openX12(peeked), peeked, () => undefined);
  if (X12_EXTENSIONS.includes(extension)) {
    peeked.stream.destroy();
    throw new FileParseError('UNREADABLE_X12', messages.notX12(path.basename(fileName)));
  }
  if (kind === 'zip') return guardXlsx(peeked, fileName, kind);
  if (kind === 'ole') return openOle(peeked, extension, mismatch);
  if (kind === 'text') return guardErrors(openCsv(peeked.stream, peeked.head), peeked, () => undefined);
  if (kind === 'markup' && extension === '.xls') return openWholeWithSheetJs(peeked);
  peeked.stream.destroy();
  throw mismatch();
}

async function openOle(peeked: PeekedInput, extension: DataFileExtension, mismatch: () => FileParseError): Promise<WorkbookSource> {
  const bytes = await readAtMost(peeked.stream, MAX_XLS_BYTES);
  if (bytes === undefined) {
    if (peeked.limitError()) throw peeked.limitError();
    // Too big to inspect. Named .xlsx, an OLE file is nearly always an encrypted workbook.
    if (extension === '.xlsx') throw new FileParseError('ENCRYPTED', messages.encrypted());
    throw new FileParseError('TOO_LARGE', messages.xlsTooLarge(MAX_XLS_BYTES));
  }
  switch (inspectOle(bytes)) {
    case 'encrypted':
      throw new FileParseError('ENCRYPTED', messages.encrypted());
    case 'workbook':
      return openXls(bytes);
    case 'unreadable':
      // A truncated container: with an .xlsx name the likeliest story is still encryption.
      if (extension === '.xlsx') throw new FileParseError('ENCRYPTED', messages.encrypted());
      throw new FileParseError('CORRUPT_WORKBOOK', messages.corruptWorkbook());
    case 'other':
      throw mismatch();
  }
}

async function openWholeWithSheetJs(peeked: PeekedInput): Promise<WorkbookSource> {
  const bytes = await readAtMost(peeked.stream, MAX_XLS_BYTES);
  if (bytes === undefined) throw peeked.limitError() ?? new FileParseError('TOO_LARGE', messages.xlsTooLarge(MAX_XLS_BYTES));
  return openXls(bytes);
}

function guardXlsx(peeked: PeekedInput, fileName: string, kind: ContentKind): WorkbookSource {
  const source = openXlsx(peeked.stream);
  // A zip that is not a workbook (a .docx renamed .xlsx) yields no worksheets and no workbook part.
  return guardErrors(source, peeked, () =>
    source.sawWorkbook() ? undefined : new FileParseError('CONTENT_MISMATCH', messages.contentMismatch(path.basename(fileName), describeContent(kind))),
  );
}

/**
 * Errors of the libraries and readers (unzipper, saxes, the CSV reader) become FileParseErrors the
 * user can act on, and the size limit wins over whatever a library made of the aborted stream.
 */
function guardErrors(source: WorkbookSource, peeked: PeekedInput, atEnd: () => FileParseError | undefined): WorkbookSource {
  const translate = (error: unknown): FileParseError => {
    const limit = peeked.limitError();
    if (limit) return limit;
    if (error instanceof FileParseError) return error;
    return new FileParseError('CORRUPT_WORKBOOK', messages.corruptWorkbook(), { cause: error });
  };
  const guardRows = <T>(iterator: AsyncIterator<T>): AsyncIterator<T> => ({
    async next() {
      try {
        return await iterator.next();
      } catch (error) {
        throw translate(error);
      }
    },
  });
  return {
    isWorkbook: source.isWorkbook,
    sheets: {
      async next() {
        let next: IteratorResult<SheetSource>;
        try {
          next = await source.sheets.next();
        } catch (error) {
          throw translate(error);
        }
        if (next.done) {
          const problem = atEnd();
          if (problem) throw problem;
          return next;
        }
        return { done: false, value: { ...next.value, rows: guardRows(next.value.rows), skip: next.value.skip } };
      },
    },
    sheetNames: () => source.sheetNames(),
    close: () => source.close(),
  };
}
