import { Readable, Transform, type TransformCallback } from 'node:stream';
import { X12Parser } from 'node-x12';
import { X12_834_COLUMNS, X12FileError, X12Table834, type X12Segment } from '../../../shared/carrier-files/x12-834';
import { FileParseError } from './errors';
import type { RawRow } from './header';
import type { PeekedInput } from './input';
import { singleSheetSource, type WorkbookSource } from './source';

/**
 * An 834 enrollment file (X12 005010X220A1) read as one sheet: a header row, then a row per member
 * per coverage (shared/carrier-files/x12-834.ts), streamed segment by segment so a file of any size
 * needs memory for one member at a time. node-x12 tokenizes: it takes the delimiters from the ISA
 * segment and splits segments and elements; the envelope and member rules are ours.
 */

/** The ISA segment is fixed-width: 106 characters, its element separator at 3 and again at 103. */
const ISA_LENGTH = 106;
/** node-x12 loses a first chunk shorter than a minimal document (113 characters): hold the start back until then. */
const FIRST_CHUNK = 4096;

export function startsWithIsa(head: Buffer): boolean {
  return head.toString('latin1', 0, 512).replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart().startsWith('ISA');
}

function checkIsa(head: Buffer): void {
  const text = head.toString('latin1').replace(/^\xEF\xBB\xBF/, '').trimStart();
  const separator = text.charAt(3);
  if (text.length < ISA_LENGTH || text.charAt(103) !== separator || !text.charAt(105)) {
    throw new FileParseError(
      'UNREADABLE_X12',
      `This 834 file's ISA segment is not ${ISA_LENGTH} characters long, so its separators cannot be read (ISA, segment 1). Ask the carrier for the file as it was sent, without edits.`,
    );
  }
}

/** node-x12's stream parser throws inside _transform; here a throw fails the stream instead of the process. */
class SegmentStream extends X12Parser {
  _transform(chunk: Buffer, encoding: string, callback: TransformCallback): void {
    try {
      super._transform(chunk, encoding, callback);
    } catch (error) {
      callback(error as Error);
    }
  }
  _flush(callback: TransformCallback): void {
    try {
      // Its own flush also records "no functional group" whatever the file held; the envelope is checked by us.
      super._flush(callback);
    } catch (error) {
      callback(error as Error);
    }
  }
}

function firstChunkAtLeast(size: number): Transform {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let released = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (released) return callback(null, chunk);
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes < size) return callback();
      released = true;
      const all = Buffer.concat(held);
      held = [];
      callback(null, all);
    },
    flush(callback) {
      if (!released && heldBytes) callback(null, Buffer.concat(held));
      else callback();
    },
  });
}

async function* rowsOf(stream: Readable, state: { table: X12Table834 }): AsyncGenerator<RawRow> {
  let index = 0;
  yield { index: index++, cells: [...X12_834_COLUMNS] };
  const segments = stream.pipe(firstChunkAtLeast(FIRST_CHUNK)).pipe(new SegmentStream(false));
  stream.on('error', (error) => segments.destroy(error));
  try {
    for await (const segment of segments as AsyncIterable<{ tag: string; elements: Array<{ value: string }> }>) {
      const parsed: X12Segment = { tag: segment.tag.trim(), elements: segment.elements.map((e) => e.value) };
      for (const cells of state.table.add(parsed)) yield { index: index++, cells };
    }
    state.table.finish();
  } catch (error) {
    if (error instanceof X12FileError) throw new FileParseError('UNREADABLE_X12', `${error.message} Ask the carrier for a corrected file.`, { cause: error });
    if (error instanceof FileParseError) throw error;
    throw new FileParseError('UNREADABLE_X12', 'This 834 file could not be read as X12: its segments or separators are damaged. Ask the carrier for the file again.', { cause: error });
  }
}

export function openX12(peeked: PeekedInput): WorkbookSource {
  checkIsa(peeked.head);
  const state = { table: new X12Table834() };
  const rows = rowsOf(peeked.stream, state);
  // The first row is always the 834's column names, however few of them a small file's members fill.
  return singleSheetSource(
    rows,
    async () => {
      await rows.return(undefined);
      peeked.stream.destroy();
    },
    { headerRowIndex: 0 },
  );
}
