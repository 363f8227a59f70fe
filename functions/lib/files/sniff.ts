/** What the first bytes of a file say it is, whatever its name claims. */
export type ContentKind = 'empty' | 'zip' | 'ole' | 'pdf' | 'image' | 'markup' | 'text' | 'binary';

const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export function sniffContent(head: Buffer): ContentKind {
  if (head.length === 0) return 'empty';
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5 || head[2] === 7)) return 'zip';
  // A truncated OLE header still identifies the container, so compare only what we have (>= 4 bytes).
  if (head.length >= 4 && head.subarray(0, Math.min(8, head.length)).equals(OLE_SIGNATURE.subarray(0, Math.min(8, head.length)))) return 'ole';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (isImage(head)) return 'image';
  if (hasUtf16Bom(head)) return 'text';
  const sample = head.subarray(0, 4096);
  if (sample.includes(0)) return 'binary';
  const start = sample.toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('<')) return 'markup';
  return 'text';
}

export function hasUtf16Bom(head: Buffer): boolean {
  return head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff));
}

function isImage(head: Buffer): boolean {
  const ascii = head.subarray(0, 12).toString('latin1');
  return (
    (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) ||
    ascii.startsWith('\x89PNG') ||
    ascii.startsWith('GIF8') ||
    (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP')
  );
}

/** How to name the content in a message, when the name and the content disagree. */
export function describeContent(kind: ContentKind): string | undefined {
  switch (kind) {
    case 'pdf':
      return 'a PDF document';
    case 'image':
      return 'an image';
    case 'zip':
      return 'a zip archive or a Word/PowerPoint file';
    case 'ole':
      return 'an Office document that is not a workbook';
    case 'markup':
      return 'a web page or XML file';
    case 'binary':
      return 'a binary file';
    default:
      return undefined;
  }
}
