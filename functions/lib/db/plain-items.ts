/**
 * Stored items turned into entity items without ElectroDB's per-item formatting, for the lists that
 * read a hundred items a page (the result lists). ElectroDB renames each field, runs every attribute's
 * getter and its watchers, about 9 µs an item: ~0.9 ms of a 100-item page against ~0.05 ms for
 * keeping the entity's attributes in the order the item was read, which is what its formatting gives
 * for an entity with no field names of its own, no getters, no hidden, set or nested attributes (checked
 * here when the query is wrapped, and in plain-items.test.ts against ElectroDB's own output).
 */

interface AttributeDefinition {
  type?: unknown;
  items?: { type?: unknown };
  field?: string;
  hidden?: boolean;
  get?: unknown;
}

interface PlainEntity {
  schema: { model: { entity: string; version: string }; attributes: Record<string, AttributeDefinition> };
}

interface GoOptions {
  count?: number;
  limit?: number;
  cursor?: string | null;
  pages?: number | 'all';
}

interface Query<T> {
  params?: () => unknown;
  go(options: GoOptions): Promise<{ data: T[]; cursor: string | null }>;
}

/** Keeps, in the order read, the attributes of the items that belong to the entity (as ElectroDB's ownership check does). */
export function plainItemsOf(entity: PlainEntity): (items: readonly Record<string, unknown>[]) => Record<string, unknown>[] {
  const { model, attributes } = entity.schema;
  for (const [name, attribute] of Object.entries(attributes)) {
    const nested = attribute.type === 'map' || (attribute.type === 'list' && !['string', 'number', 'boolean'].includes(String(attribute.items?.type)));
    if ((attribute.field !== undefined && attribute.field !== name) || attribute.hidden || attribute.get || attribute.type === 'set' || nested) {
      throw new Error(`${model.entity}.${name} needs ElectroDB's formatting (field name, getter, hidden, set, map or list of maps)`);
    }
  }
  const names = new Set(Object.keys(attributes));
  return (items) => {
    const out: Record<string, unknown>[] = [];
    for (const item of items) {
      if (item.__edb_e__ !== model.entity || item.__edb_v__ !== model.version) continue;
      const data: Record<string, unknown> = {};
      for (const key in item) if (names.has(key)) data[key] = item[key];
      out.push(data);
    }
    return out;
  };
}

/**
 * The same query, its pages turned into items by plainItemsOf. ElectroDB takes a `parse` function
 * among go()'s options (absent from its types): it answers each page's items with it and keeps its
 * own paging, counting and cursors.
 */
export function withPlainItems<T>(query: Query<T>, entity: PlainEntity): Query<T> {
  const plain = plainItemsOf(entity);
  const parse = (_config: unknown, response: { Items?: Record<string, unknown>[] }) => plain(response.Items ?? []);
  return {
    params: query.params ? () => query.params!() : undefined,
    go: (options) => query.go({ ...options, parse } as GoOptions),
  };
}
