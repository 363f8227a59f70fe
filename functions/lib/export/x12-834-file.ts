/**
 * An 834 interchange around a transaction body: node-x12's interchange model writes ISA/GS/ST and their
 * trailers (SE01 counted from the segments, GE01 and IEA01 from the transactions and groups), with
 * the control numbers given here. The body is shared/carrier-files/x12-834-writer.ts's.
 */
import { X12Interchange } from 'node-x12';
import type { X12Segment } from '../../../shared/carrier-files/x12-834';

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

export function write834Interchange(body: readonly X12Segment[], envelope: X12Envelope): string {
  const control = Math.trunc(envelope.controlNumber) % 1_000_000_000 || 1;
  const iso = envelope.at.toISOString();
  const date = iso.slice(0, 10).replace(/-/g, '');
  const time = iso.slice(11, 16).replace(':', '');
  const sender = partyId(envelope.sender, 'DVP');
  const receiver = partyId(envelope.receiver, 'CARRIER');
  const isa = ['00', pad('', 10), '00', pad('', 10), 'ZZ', pad(sender, 15), 'ZZ', pad(receiver, 15), date.slice(2), time, '^', '00501', String(control).padStart(9, '0'), '0', envelope.usage ?? 'P', ':'];
  // The object model keeps SE01, GE01 and IEA01 as segments, transactions and groups are added.
  const options = { elementDelimiter: '*', segmentTerminator: '~', subElementDelimiter: ':', repetitionDelimiter: '^', endOfLine: '\n', format: true };
  const interchange = new X12Interchange(options);
  interchange.setHeader(isa);
  const group = interchange.addFunctionalGroup(options);
  group.setHeader(['BE', sender, receiver, date, time, String(control), 'X', '005010X220A1']);
  const transaction = group.addTransaction();
  transaction.setHeader(['834', String(control % 10_000).padStart(4, '0'), '005010X220A1']);
  for (const segment of body) transaction.addSegment(segment.tag, segment.elements);
  return `${interchange.toString(options)}\n`;
}
