/**
 * An 834 interchange written to a stream segment by segment, so a file of any size never sits in
 * memory: ISA, GS and ST with the control numbers chosen first, the transaction body as it comes,
 * then the trailers, whose counts are known only at the end (SE01 the transaction's segments, GE01
 * one transaction, IEA01 one group). Each segment is formatted by node-x12's X12Segment (element
 * and segment separators, ISA13/IEA02 padding), one segment a line, as its interchange model would
 * write the whole. The body is shared/carrier-files/x12-834-writer.ts's.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { X12Segment } from 'node-x12';
import type { X12Segment as Segment } from '../../../shared/carrier-files/x12-834';

const pad = (value: string, width: number) => value.padEnd(width, ' ').slice(0, width);
/** ISA06/ISA08 and GS02/GS03: letters and digits only, at least two. */
const partyId = (name: string, fallback: string) => {
  const id = name.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 15);
  return id.length >= 2 ? id : fallback;
};

export interface X12Envelope {
  /** 1 to 999999999; ISA13 (nine digits), GS06 and the transaction's ST02 follow from it. */
  controlNumber: number;
  sender: string;
  receiver: string;
  at: Date;
  /** ISA15: T for a test file, P (production) otherwise. */
  usage?: 'P' | 'T';
}

const OPTIONS = { elementDelimiter: '*', segmentTerminator: '~', subElementDelimiter: ':', repetitionDelimiter: '^', endOfLine: '\n', format: true };
/** Bytes gathered before each write to the stream. */
const CHUNK = 64 * 1024;

const formatted = (tag: string, elements: string[]) => `${new X12Segment(tag, OPTIONS).setElements(elements).toString(OPTIONS)}${OPTIONS.endOfLine}`;

/**
 * Writes the interchange to `out` and ends it, waiting for the stream to drain as it goes; resolves
 * with the bytes and the transaction's segments (ST to SE) written.
 */
export async function write834Interchange(
  out: Writable,
  body: AsyncIterable<Segment> | Iterable<Segment>,
  envelope: X12Envelope,
): Promise<{ bytes: number; segments: number }> {
  const control = Math.trunc(envelope.controlNumber) % 1_000_000_000 || 1;
  const iso = envelope.at.toISOString();
  const date = iso.slice(0, 10).replace(/-/g, '');
  const time = iso.slice(11, 16).replace(':', '');
  const sender = partyId(envelope.sender, 'DVP');
  const receiver = partyId(envelope.receiver, 'CARRIER');
  let pending = '';
  let bytes = 0;
  const flush = async () => {
    if (!pending) return;
    const chunk = Buffer.from(pending);
    pending = '';
    bytes += chunk.length;
    if (!out.write(chunk)) await once(out, 'drain');
  };
  const write = async (tag: string, elements: string[]) => {
    pending += formatted(tag, elements);
    if (pending.length >= CHUNK) await flush();
  };

  await write('ISA', ['00', pad('', 10), '00', pad('', 10), 'ZZ', pad(sender, 15), 'ZZ', pad(receiver, 15), date.slice(2), time, '^', '00501', String(control).padStart(9, '0'), '0', envelope.usage ?? 'P', ':']);
  await write('GS', ['BE', sender, receiver, date, time, String(control), 'X', '005010X220A1']);
  const transaction = String(control % 10_000).padStart(4, '0');
  await write('ST', ['834', transaction, '005010X220A1']);
  let segments = 1;
  for await (const segment of body) {
    await write(segment.tag, segment.elements);
    segments++;
  }
  segments++;
  await write('SE', [String(segments), transaction]);
  await write('GE', ['1', String(control)]);
  await write('IEA', ['1', String(control)]);
  await flush();
  out.end();
  return { bytes, segments };
}
