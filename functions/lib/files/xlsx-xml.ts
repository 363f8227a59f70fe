import { StringDecoder } from 'node:string_decoder';

/**
 * A small streaming XML scanner for the parts of a workbook: elements and the text the reader
 * asks for, nothing else. SpreadsheetML needs no DTD, no namespaces beyond the root's prefix and
 * no validation, and a general SAX parser spends most of its time on those; this one finds tags
 * with indexOf and leaves attributes unparsed until an element of interest asks for them.
 *
 * Refused as damaged, as a SAX parser refuses them: a DOCTYPE (entity declarations are how an XML
 * bomb expands a few bytes into gigabytes), references to undeclared entities, and tags that never
 * close within a sane length.
 */

export interface XmlHandler {
  /**
   * `source.slice(start, end)` is the raw text between the element's name and its `>` (or `/>`),
   * handed over as positions so that elements whose attributes nobody reads cost no copy. For an
   * element that is not self-closing, `contentStart` is where its content begins in `source`: a
   * handler that reads the content and the end tag there itself answers the position after them,
   * and the scanner goes on from it (the element's close is then the handler's own business).
   */
  open(name: string, source: string, start: number, end: number, contentStart?: number): number | void;
  close(name: string): void;
  /** Text (entity references decoded) inside elements while the scanner's `capture` is on. */
  text(text: string): void;
}

export class XmlError extends Error {
  override name = 'XmlError';
}

/**
 * Excel holds at most 32,767 characters in a cell; a text far past that (a cell value, a shared
 * string) is not a spreadsheet's, and is refused rather than held.
 */
export const MAX_TEXT_CHARS = 4 * 1024 * 1024;

/** Longest tag, comment or entity the scanner waits for before calling the part damaged. */
const MAX_TOKEN_CHARS = 8 * 1024 * 1024;

const GT = 62;
const SLASH = 47;
const BANG = 33;
const QUESTION = 63;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const COLON = 58;

const ENTITY = /&(?:#(\d+);|#x([0-9a-fA-F]+);|(amp|lt|gt|quot|apos);)?/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  if (text.indexOf('&') < 0) return text;
  return text.replace(ENTITY, (match, decimal: string | undefined, hex: string | undefined, named: string | undefined) => {
    if (named) return NAMED[named]!;
    if (decimal === undefined && hex === undefined) throw new XmlError('reference to an undeclared entity');
    const code = decimal !== undefined ? Number(decimal) : parseInt(hex!, 16);
    if (!(code > 0 && code <= 0x10ffff)) throw new XmlError(`invalid character reference ${match}`);
    return String.fromCodePoint(code);
  });
}

/** Line ends inside a part read as \n, as every XML parser reads them. */
export const normaliseLineEnds = (text: string) => (text.indexOf('\r') < 0 ? text : text.replace(/\r\n?/g, '\n'));

/**
 * The attributes of a tag, values decoded. Names are kept as written (`r:id`); a value's literal
 * tabs and line ends read as spaces, as XML's attribute-value normalisation says.
 */
export function parseAttributes(source: string, start = 0, end = source.length): Record<string, string> {
  const attributes: Record<string, string> = {};
  forEachAttribute(source, start, end, (name, value) => (attributes[name] = value));
  return attributes;
}

/** Calls `found` with each attribute's name and decoded value, in the order written. */
export function forEachAttribute(source: string, start: number, end: number, found: (name: string, value: string) => void): void {
  let at = start;
  for (;;) {
    const equals = source.indexOf('=', at);
    if (equals < 0 || equals >= end) return;
    const name = source.slice(at, equals).trim();
    let open = equals + 1;
    while (open < end && source.charCodeAt(open) !== DOUBLE_QUOTE && source.charCodeAt(open) !== SINGLE_QUOTE) open++;
    if (open >= end) return;
    const close = source.indexOf(source[open]!, open + 1);
    if (close < 0 || close >= end) throw new XmlError('attribute value never closed');
    found(name, attributeValue(source, open + 1, close));
    at = close + 1;
  }
}

/** An attribute value between two positions, line ends and tabs read as spaces, entities decoded. */
export function attributeValue(source: string, start: number, end: number): string {
  let value = source.slice(start, end);
  if (/[\t\n\r]/.test(value)) value = value.replace(/\r\n|[\t\n\r]/g, ' ');
  return decodeEntities(value);
}

/** An attribute's value by its local name, whatever prefix it is written with (`r:id`, `rel:id`). */
export function attributeByLocalName(attributes: Record<string, string>, local: string): string | undefined {
  for (const [name, value] of Object.entries(attributes)) {
    const colon = name.indexOf(':');
    if (colon >= 0 && name.slice(colon + 1) === local && !name.startsWith('xmlns')) return value;
  }
  return attributes[local];
}

/** One-letter element names (c, v, f, t, r: most tags of a worksheet) without a copy each time. */
const ONE_CHAR_NAMES = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));
const oneCharName = (buffer: string, at: number) => {
  const code = buffer.charCodeAt(at);
  return code < 128 ? ONE_CHAR_NAMES[code]! : buffer[at]!;
};

export class XmlScanner {
  /** While on, text inside elements is handed to the handler; off, it is skipped unread. */
  capture = false;
  private buffer = '';
  private position = 0;
  /** The root element's prefix (`x` for `<x:worksheet>`): elements under it are named without it. */
  private rootPrefix: string | null | undefined;

  constructor(private readonly handler: XmlHandler) {}

  write(chunk: string): void {
    // Joined, not added: '+' makes a rope, whose every charCodeAt in the scan goes through a lookup.
    this.buffer = this.position < this.buffer.length ? [this.buffer.slice(this.position), chunk].join('') : chunk;
    this.position = 0;
    this.scan();
    if (this.buffer.length - this.position > MAX_TOKEN_CHARS) throw new XmlError('a tag runs on without end');
  }

  end(): void {
    // Text left after the last tag is outside the root element; an unfinished tag is a cut part,
    // which a SAX parser reading a stream also lets pass.
    this.buffer = '';
    this.position = 0;
  }

  private localName(name: string): string {
    const prefix = this.rootPrefix;
    if (!prefix) return name;
    return name.length > prefix.length && name.charCodeAt(prefix.length) === COLON && name.startsWith(prefix) ? name.slice(prefix.length + 1) : name;
  }

  private emitText(start: number, end: number): void {
    this.handler.text(decodeEntities(normaliseLineEnds(this.buffer.slice(start, end))));
  }

  private scan(): void {
    const buffer = this.buffer;
    const length = buffer.length;
    const handler = this.handler;
    let position = this.position;
    while (position < length) {
      const lt = buffer.indexOf('<', position);
      if (lt < 0) {
        if (this.capture) {
          // An entity reference or a \r\n cut by the chunk's end waits for the rest of it.
          let cut = length;
          const amp = buffer.lastIndexOf('&');
          if (amp >= position && buffer.indexOf(';', amp) < 0) cut = amp;
          if (cut > position && buffer.charCodeAt(cut - 1) === 13) cut--;
          if (cut > position) this.emitText(position, cut);
          position = cut;
        } else position = length;
        break;
      }
      if (lt > position && this.capture) this.emitText(position, lt);
      position = lt;
      if (lt + 1 >= length) break;
      const next = buffer.charCodeAt(lt + 1);

      if (next === SLASH) {
        const gt = buffer.indexOf('>', lt + 2);
        if (gt < 0) break;
        handler.close(gt === lt + 3 ? oneCharName(buffer, lt + 2) : this.localName(buffer.slice(lt + 2, gt).trim()));
        position = gt + 1;
        continue;
      }

      if (next === BANG) {
        if (buffer.startsWith('<!--', lt)) {
          const end = buffer.indexOf('-->', lt + 4);
          if (end < 0) break;
          position = end + 3;
          continue;
        }
        if (buffer.startsWith('<![CDATA[', lt)) {
          const end = buffer.indexOf(']]>', lt + 9);
          if (end < 0) break;
          if (this.capture) handler.text(normaliseLineEnds(buffer.slice(lt + 9, end)));
          position = end + 3;
          continue;
        }
        // Not yet enough characters to tell a comment or CDATA from a DOCTYPE.
        if (length - lt < 9 && ('<![CDATA['.startsWith(buffer.slice(lt)) || '<!--'.startsWith(buffer.slice(lt)))) break;
        throw new XmlError('document type declarations are not accepted');
      }

      if (next === QUESTION) {
        const end = buffer.indexOf('?>', lt + 2);
        if (end < 0) break;
        position = end + 2;
        continue;
      }

      // A start tag: its end is the first '>' outside a quoted attribute value.
      let gt = -1;
      let nameEnd = -1;
      let i = lt + 1;
      while (i < length) {
        const c = buffer.charCodeAt(i);
        if (c === GT) {
          gt = i;
          break;
        }
        if (nameEnd < 0 && (c <= 32 || c === SLASH)) nameEnd = i;
        if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
          const close = buffer.indexOf(c === DOUBLE_QUOTE ? '"' : "'", i + 1);
          if (close < 0) break;
          i = close + 1;
        } else i++;
      }
      if (gt < 0) break;
      if (nameEnd < 0) nameEnd = gt;
      const selfClosing = buffer.charCodeAt(gt - 1) === SLASH;
      let name: string;
      if (nameEnd === lt + 2) {
        name = oneCharName(buffer, lt + 1);
        this.rootPrefix ??= null;
      } else {
        const rawName = buffer.slice(lt + 1, nameEnd);
        if (this.rootPrefix === undefined) {
          const colon = rawName.indexOf(':');
          this.rootPrefix = colon < 0 ? null : rawName.slice(0, colon);
        }
        name = this.localName(rawName);
      }
      if (selfClosing) {
        handler.open(name, buffer, nameEnd, gt - 1);
        handler.close(name);
        position = gt + 1;
      } else {
        const after = handler.open(name, buffer, nameEnd, gt, gt + 1);
        position = typeof after === 'number' ? after : gt + 1;
      }
    }
    this.position = position;
  }
}

/** Feeds a part's bytes through a scanner, decoding UTF-8 (or UTF-16 with its byte-order mark). */
export class PartDecoder {
  private decoder: StringDecoder | undefined;

  constructor(private readonly scanner: XmlScanner) {}

  write(chunk: Buffer): void {
    if (!this.decoder) {
      const utf16 = chunk.length >= 2 && chunk[0] === 0xff && chunk[1] === 0xfe;
      this.decoder = new StringDecoder(utf16 ? 'utf16le' : 'utf8');
    }
    this.scanner.write(this.decoder.write(chunk));
  }

  end(): void {
    if (this.decoder) this.scanner.write(this.decoder.end());
    this.scanner.end();
  }
}
