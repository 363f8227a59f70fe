import type { Normalised } from './resolve-data-points';

type Node = Map<Normalised, unknown>;

const EMPTY = -1;

/** Numbers a leaf keeps in its Map before it moves them to a table (tables cost more while small). */
const TABLE_FROM = 256;

/**
 * The last level of the index: numbers (SSNs, the common last key part) in an open-addressing
 * table of typed arrays once there are many, other values in a Map. A million SSNs are then two
 * flat arrays probed once or twice, not a million hash-map entries. Values are row numbers (≥ 0).
 */
class Leaf {
  private keys: Float64Array | null = null;
  private values = new Int32Array(0);
  private size = 0;
  private readonly others: Map<Normalised, number> = new Map();

  /** Where `key` is, or the empty slot where it would go. */
  private slot(key: number): number {
    const mask = this.values.length - 1;
    // Keys are whole numbers mostly below 2^32 (SSNs, day numbers, cents): mix both halves.
    const lo = key % 4294967296 | 0;
    const hi = (key / 4294967296) | 0;
    let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 15;
    let at = h & mask;
    // Equal numbers are equal keys (as in a Map, 0 and -0 are one key; NaN never comes here).
    const keys = this.keys!;
    while (this.values[at] !== EMPTY && keys[at] !== key) at = (at + 1) & mask;
    return at;
  }

  get(key: Normalised): number | undefined {
    if (this.keys === null || typeof key !== 'number' || key !== key) return this.others.get(key);
    const value = this.values[this.slot(key)]!;
    return value === EMPTY ? undefined : value;
  }

  addIfAbsent(key: Normalised, value: number): number | undefined {
    if (this.keys === null || typeof key !== 'number' || key !== key) {
      const existing = this.others.get(key);
      if (existing === undefined) {
        this.others.set(key, value);
        if (this.keys === null && this.others.size >= TABLE_FROM) this.toTable();
      }
      return existing;
    }
    let at = this.slot(key);
    const existing = this.values[at]!;
    if (existing !== EMPTY) return existing;
    // At most half full, so probes stay short.
    if ((this.size + 1) * 2 > this.values.length) {
      this.grow();
      at = this.slot(key);
    }
    this.keys[at] = key;
    this.values[at] = value;
    this.size++;
    return undefined;
  }

  /** Moves the numbers out of the Map into a table. */
  private toTable(): void {
    this.keys = new Float64Array(TABLE_FROM * 4);
    this.values = new Int32Array(TABLE_FROM * 4).fill(EMPTY);
    for (const [key, value] of this.others) {
      if (typeof key !== 'number' || key !== key) continue;
      const at = this.slot(key);
      this.keys[at] = key;
      this.values[at] = value;
      this.size++;
      this.others.delete(key);
    }
  }

  private grow(): void {
    const keys = this.keys!;
    const values = this.values;
    this.keys = new Float64Array(keys.length * 2);
    this.values = new Int32Array(values.length * 2).fill(EMPTY);
    for (let i = 0; i < values.length; i++) {
      if (values[i] === EMPTY) continue;
      const at = this.slot(keys[i]!);
      this.keys[at] = keys[i]!;
      this.values[at] = values[i]!;
    }
  }
}

/**
 * A map from composite keys (member SSN + benefit type…) to row numbers, one Map level per key
 * part. Callers put the part with the fewest distinct values first, so the upper levels stay tiny
 * and the last lookup is on a bare number or the cell string itself: no key string is built per row.
 */
export class CompositeIndex {
  private readonly root: Node | Leaf;

  constructor(private readonly depth: number) {
    this.root = depth === 1 ? new Leaf() : new Map();
  }

  private leaf(parts: readonly Normalised[], create: boolean): Leaf | undefined {
    if (this.depth === 1) return this.root as Leaf;
    let node = this.root as Node;
    const last = this.depth - 1;
    for (let i = 0; i < last; i++) {
      let next = node.get(parts[i]!) as Node | Leaf | undefined;
      if (next === undefined) {
        if (!create) return undefined;
        next = i === last - 1 ? new Leaf() : new Map();
        node.set(parts[i]!, next);
      }
      if (i === last - 1) return next as Leaf;
      node = next as Node;
    }
    return undefined;
  }

  get(parts: readonly Normalised[]): number | undefined {
    return this.leaf(parts, false)?.get(parts[this.depth - 1]!);
  }

  /** Stores `value` unless the key is already there; answers the value already stored, if any. */
  addIfAbsent(parts: readonly Normalised[], value: number): number | undefined {
    return this.leaf(parts, true)!.addIfAbsent(parts[this.depth - 1]!, value);
  }
}
