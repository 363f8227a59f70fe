import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { rootPrefix, unprefixSpreadsheetMl } from './xml-prefix';

const inPieces = (text: string, size: number) => {
  const bytes = Buffer.from(text, 'utf8');
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
  return Readable.from(pieces);
};
const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  return Buffer.concat(chunks).toString('utf8');
};

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

describe('SpreadsheetML namespace prefixes', () => {
  it('finds the root element behind the declaration and comments', () => {
    expect(rootPrefix(`<?xml version="1.0"?><!-- made by a tool --><x:worksheet xmlns:x="${NS}">`)).toBe('x');
    expect(rootPrefix(`<?xml version="1.0"?>\n<worksheet xmlns="${NS}">`)).toBeNull();
    expect(rootPrefix('<?xml version="1.0"?>')).toBeUndefined();
  });

  it('rewrites a prefixed part to the plain form whatever the pieces it arrives in, names with accents intact', async () => {
    const prefixed = `<?xml version="1.0"?><x:worksheet xmlns:x="${NS}" xmlns:r="rel"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>José &lt;x:not a tag&gt;</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`;
    const plain = `<?xml version="1.0"?><worksheet xmlns:r="rel"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>José &lt;x:not a tag&gt;</t></is></c></row></sheetData></worksheet>`;
    for (const size of [1, 3, 7, 4096]) expect(await read(unprefixSpreadsheetMl(inPieces(prefixed, size)))).toBe(plain);
  });

  it('passes a part without a prefix through byte for byte', async () => {
    const plain = `<?xml version="1.0"?><worksheet xmlns="${NS}" xmlns:mc="mc"><sheetData><row r="1"><c><v>1</v></c></row></sheetData><mc:AlternateContent/></worksheet>`;
    for (const size of [1, 5, 4096]) expect(await read(unprefixSpreadsheetMl(inPieces(plain, size)))).toBe(plain);
  });

  it('hands on a failure of the part it reads', async () => {
    const failing = new Readable({ read() { this.destroy(new Error('download cut')); } });
    await expect(read(unprefixSpreadsheetMl(failing))).rejects.toThrow('download cut');
  });
});
