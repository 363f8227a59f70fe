import { pipeline, Transform, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/** Enough of a part to reach its root element behind the XML declaration and any comments. */
const ROOT_SEARCH_CHARS = 64 * 1024;
const ROOT_ELEMENT = /<([A-Za-z_][\w.-]*)(?::([A-Za-z_][\w.-]*))?[\s/>]/;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The namespace prefix of the part's root element (`x` for `<x:worksheet …>`), null if it has none. */
export function rootPrefix(head: string): string | null | undefined {
  let from = 0;
  for (;;) {
    const at = head.indexOf('<', from);
    if (at < 0 || at + 1 >= head.length) return undefined;
    const next = head[at + 1];
    if (next === '?' || next === '!') {
      from = at + 1;
      continue;
    }
    const m = ROOT_ELEMENT.exec(head.slice(at, at + 512));
    if (!m) return undefined;
    return m[2] === undefined ? null : m[1]!;
  }
}

/**
 * SpreadsheetML written with a namespace prefix (`<x:worksheet xmlns:x="…"><x:sheetData><x:row>`),
 * as the .NET Open XML SDK does by default, is as valid as Excel's unprefixed form and Excel opens
 * it; exceljs matches element names literally and finds nothing in it. This rewrites a prefixed
 * part to the unprefixed form as it streams, and passes any other part through untouched, byte
 * for byte.
 */
export function unprefixSpreadsheetMl(part: Readable): Readable {
  const decoder = new StringDecoder('utf8');
  const pending: Buffer[] = [];
  let head = '';
  let mode: 'deciding' | 'pass' | 'rewrite' = 'deciding';
  let carry = '';
  let tag: RegExp;
  let declaration: RegExp;

  const rewrite = (text: string) => text.replace(declaration, '').replace(tag, '<$1');
  /** Rewrites up to the last `<`, keeping what follows it until the tag it starts is whole. */
  const rewriteChunk = (transform: Transform, text: string) => {
    const all = carry + text;
    const cut = all.lastIndexOf('<');
    if (cut <= 0) {
      carry = all;
      return;
    }
    carry = all.slice(cut);
    transform.push(rewrite(all.slice(0, cut)));
  };

  const decide = (transform: Transform, final: boolean) => {
    const prefix = rootPrefix(head);
    if (prefix === undefined && !final && head.length < ROOT_SEARCH_CHARS) return;
    if (!prefix) {
      mode = 'pass';
      for (const b of pending) transform.push(b);
    } else {
      mode = 'rewrite';
      const p = escapeRegExp(prefix);
      tag = new RegExp(`<(/?)${p}:`, 'g');
      declaration = new RegExp(`\\s+xmlns:${p}\\s*=\\s*("[^"]*"|'[^']*')`, 'g');
      rewriteChunk(transform, head);
    }
    pending.length = 0;
    head = '';
  };

  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (mode === 'pass') return done(null, chunk);
      if (mode === 'rewrite') {
        rewriteChunk(this, decoder.write(chunk));
        return done();
      }
      pending.push(chunk);
      head += decoder.write(chunk);
      decide(this, false);
      done();
    },
    flush(done) {
      if (mode === 'deciding') decide(this, true);
      if (mode === 'rewrite') this.push(rewrite(carry + decoder.end()));
      done();
    },
  });
  // pipeline hands the part's failure (or its having been destroyed already) on to the reader.
  return pipeline(part, transform, () => undefined);
}
