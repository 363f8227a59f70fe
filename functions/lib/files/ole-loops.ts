/**
 * Whether an OLE compound file (the container of .xls) would send SheetJS round a loop. SheetJS
 * follows a stream's sector chain through the FAT, and the directory's sibling and child links,
 * without remembering where it has been: a damaged FAT or directory that links back grows an array
 * until V8 aborts the whole process, which no one can catch. The walks here read the container
 * exactly as SheetJS does (its cfb.js: sleuth_fat, make_sector_list, get_sector_list,
 * read_directory, build_full_paths) and stop at a loop, so such a file is refused as damaged
 * before SheetJS sees it. What SheetJS refuses by throwing is left to it.
 */
const END_OF_CHAIN = -2;
const FREE_SECTOR = -1;
/** Header slots for the first FAT sector locations. */
const HEADER_DIFAT_ENTRIES = 109;
const DIRECTORY_ENTRY = 128;
/** Far more than any workbook has (a few streams, a few dozen with macros); the tree walk is quadratic. */
const MAX_DIRECTORY_ENTRIES = 10_000;

interface Container {
  sectorSize: number;
  sector(index: number): Buffer | undefined;
  /** The FAT's next sector after `j`, END_OF_CHAIN where SheetJS would stop; undefined past the FAT. */
  next(j: number): number;
  entries: number;
}

const int32At = (bytes: Buffer, offset: number) => (offset + 4 <= bytes.length ? bytes.readInt32LE(offset) : 0);

/** The FAT as SheetJS assembles it (header slots, then the DIFAT chain); null when the DIFAT chain loops. */
function readContainer(bytes: Buffer): Container | null | undefined {
  if (bytes.length < 512) return undefined;
  const major = bytes.readUInt16LE(26);
  const sectorSize = major === 3 ? 512 : major === 4 ? 4096 : 0;
  if (!sectorSize) return undefined;
  const sectorCount = Math.ceil(bytes.length / sectorSize) - 1;
  const sector = (index: number): Buffer | undefined =>
    Number.isInteger(index) && index >= 0 && index < sectorCount ? bytes.subarray((index + 1) * sectorSize, (index + 2) * sectorSize) : undefined;

  const fatSectors: number[] = [];
  for (let i = 0; i < HEADER_DIFAT_ENTRIES; i += 1) {
    const location = bytes.readInt32LE(76 + 4 * i);
    if (location < 0) break;
    fatSectors.push(location);
  }
  // Each DIFAT sector lists more FAT sectors and ends with the next DIFAT sector.
  const difatSeen = new Set<number>();
  for (let at = bytes.readInt32LE(68), left = bytes.readInt32LE(72); at !== END_OF_CHAIN && at !== FREE_SECTOR; left -= 1) {
    const difat = sector(at);
    if (!difat) break;
    if (difatSeen.has(at)) return null;
    difatSeen.add(at);
    for (let i = 0; i < sectorSize / 4 - 1; i += 1) {
      const location = int32At(difat, 4 * i);
      if (location === END_OF_CHAIN) break;
      fatSectors.push(location);
    }
    if (left < 1) break;
    at = int32At(difat, sectorSize - 4);
  }
  // More FAT sectors than the file has sectors is no FAT at all.
  if (fatSectors.length > sectorCount + HEADER_DIFAT_ENTRIES) return null;
  const perSector = sectorSize / 4;
  return {
    sectorSize,
    sector,
    entries: fatSectors.length * perSector,
    next(j) {
      const fat = sector(fatSectors[Math.floor(j / perSector)]!);
      return fat ? int32At(fat, (j % perSector) * 4) : END_OF_CHAIN;
    },
  };
}

/** Whether some chain of the FAT runs back into itself. */
function fatLoops(container: Container): boolean {
  // 0 not walked yet, 1 on the walk under way, 2 known to end.
  const state = new Uint8Array(container.entries);
  const path: number[] = [];
  for (let start = 0; start < container.entries; start += 1) {
    if (state[start]) continue;
    path.length = 0;
    for (let j = start; j >= 0 && j < container.entries && state[j] !== 2; j = container.next(j)) {
      if (state[j] === 1) return true;
      state[j] = 1;
      path.push(j);
    }
    for (const j of path) state[j] = 2;
  }
  return false;
}

interface DirectoryEntry {
  type: number;
  L: number;
  R: number;
  C: number;
}

/** The directory entries as SheetJS reads them: the chain from the first directory sector, 128 bytes each. */
function directoryEntries(bytes: Buffer, container: Container): DirectoryEntry[] | undefined {
  const sectors: Buffer[] = [];
  const seen = new Set<number>();
  for (let j = bytes.readInt32LE(48); j >= 0 && !seen.has(j); j = container.next(j)) {
    const sector = container.sector(j);
    // A chain into sectors the file does not have: SheetJS throws on it.
    if (!sector) return undefined;
    seen.add(j);
    sectors.push(sector);
  }
  const data = Buffer.concat(sectors);
  const entries: DirectoryEntry[] = [];
  for (let at = 0; at < data.length; at += DIRECTORY_ENTRY) {
    const entry = Buffer.alloc(DIRECTORY_ENTRY);
    data.copy(entry, 0, at, at + DIRECTORY_ENTRY);
    const freed = entry.readInt32LE(120) < 0 && entry.readInt32LE(116) < 0;
    entries.push({ type: freed ? 0 : entry[66]!, L: entry.readInt32LE(68), R: entry.readInt32LE(72), C: entry.readInt32LE(76) });
  }
  return entries;
}

/** build_full_paths of SheetJS, counting instead of building: whether its queue or its parent walk would never end. */
function directoryLoops(entries: DirectoryEntry[]): boolean {
  const count = entries.length;
  if (count > MAX_DIRECTORY_ENTRIES) return true;
  const dad: Array<number | undefined> = entries.map((_, i) => i);
  const queue: number[] = entries.map((_, i) => i);
  for (let j = 0; j < queue.length; j += 1) {
    // Each entry is queued again at most once per link to it: more than that is a loop.
    if (queue.length > 4 * count + 16) return true;
    const entry = entries[queue[j]!];
    if (!entry) return false; // SheetJS throws on a link past the directory.
    const i = queue[j]!;
    const { L, R, C } = entry;
    if (dad[i] === i) {
      if (L !== -1 && dad[L] !== L) dad[i] = dad[L];
      if (R !== -1 && dad[R] !== R) dad[i] = dad[R];
    }
    if (C !== -1) dad[C] = i;
    if (L !== -1 && i !== dad[i]) {
      dad[L] = dad[i];
      if (queue.lastIndexOf(L) < j) queue.push(L);
    }
    if (R !== -1 && i !== dad[i]) {
      dad[R] = dad[i];
      if (queue.lastIndexOf(R) < j) queue.push(R);
    }
  }
  // What build_full_paths does between the two walks only reads the last entry's links: no loop there.
  for (let i = 1; i < count; i += 1) {
    if (entries[i]!.type === 0) continue;
    let j: number | undefined = i;
    let steps = 0;
    if (j !== dad[j]) {
      do {
        j = dad[j!];
        if ((steps += 1) > count + 1) return true;
      } while (j !== 0 && dad[j!] !== -1 && j !== dad[j!]);
    }
    dad[i] = -1;
  }
  return false;
}

export function hasOleLoop(bytes: Buffer): boolean {
  const container = readContainer(bytes);
  if (container === undefined) return false;
  if (container === null || fatLoops(container)) return true;
  const entries = directoryEntries(bytes, container);
  return entries !== undefined && directoryLoops(entries);
}

/** BIFF8 ExternSheet: a count of references, then the references. */
const EXTERN_SHEET = 0x0017;

/**
 * Whether the workbook stream holds a record SheetJS would read for ever: an ExternSheet too short
 * to hold its count makes SheetJS count down from NaN (its parse_ExternSheet), filling memory until
 * the process dies.
 */
export function hasBiffLoop(stream: ArrayLike<number>): boolean {
  // SheetJS hands a stream's content over as a Buffer or, read from a damaged container, a plain array.
  const bytes = Buffer.isBuffer(stream) ? stream : Buffer.from(Array.from(stream));
  for (let at = 0; at + 4 <= bytes.length; ) {
    const type = bytes.readUInt16LE(at);
    const length = bytes.readUInt16LE(at + 2);
    if (type === EXTERN_SHEET && length < 2) return true;
    at += 4 + length;
  }
  return false;
}
