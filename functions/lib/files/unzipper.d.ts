// unzipper ships no types; this is the part of its streaming parser that xlsx-reader.ts uses.
declare module 'unzipper' {
  import type { Duplex, Readable } from 'node:stream';
  export interface Entry extends Readable {
    path: string;
    type: 'File' | 'Directory';
    autodrain(): { promise(): Promise<void> };
  }
  export function Parse(options?: { forceStream?: boolean }): Duplex & AsyncIterable<Entry>;
  const unzipper: { Parse: typeof Parse };
  export default unzipper;
}
