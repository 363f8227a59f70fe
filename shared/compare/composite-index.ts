import type { Normalised } from './resolve-data-points';

type Node = Map<Normalised, unknown>;

/**
 * A map from composite keys (member SSN + benefit type…) to row numbers, one Map level per key
 * part. Callers put the part with the fewest distinct values first, so the upper levels stay tiny
 * and the last lookup is on a bare number or the cell string itself: no key string is built per row.
 */
export class CompositeIndex {
  private readonly root: Node = new Map();

  constructor(private readonly depth: number) {}

  get(parts: readonly Normalised[]): number | undefined {
    let node: Node | undefined = this.root;
    const last = this.depth - 1;
    for (let i = 0; i < last; i++) {
      node = node.get(parts[i]!) as Node | undefined;
      if (node === undefined) return undefined;
    }
    return node.get(parts[last]!) as number | undefined;
  }

  /** Stores `value` unless the key is already there; answers the value already stored, if any. */
  addIfAbsent(parts: readonly Normalised[], value: number): number | undefined {
    let node = this.root;
    const last = this.depth - 1;
    for (let i = 0; i < last; i++) {
      let next = node.get(parts[i]!) as Node | undefined;
      if (next === undefined) {
        next = new Map();
        node.set(parts[i]!, next);
      }
      node = next;
    }
    const existing = node.get(parts[last]!) as number | undefined;
    if (existing === undefined) node.set(parts[last]!, value);
    return existing;
  }
}
