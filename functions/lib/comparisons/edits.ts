/** The keys of `T` whose values may be null: the fields an edit can clear. */
export type ClearableKey<T> = { [K in keyof T]-?: null extends T[K] ? K : never }[keyof T];

/**
 * The fields an edit sent, split into the values to set and the attributes to remove (those sent as
 * null: a stored record leaves a cleared field out rather than keeping a null). Fields not sent are
 * in neither.
 */
export function setAndRemove<T extends Record<string, unknown>>(fields: T): { set: { [K in keyof T]?: Exclude<T[K], null> }; remove: Array<ClearableKey<T>> } {
  const set: { [K in keyof T]?: Exclude<T[K], null> } = {};
  const remove: Array<ClearableKey<T>> = [];
  for (const key of Object.keys(fields) as Array<keyof T>) {
    const value = fields[key];
    if (value === undefined) continue;
    if (value === null) remove.push(key as ClearableKey<T>);
    else set[key] = value as Exclude<T[typeof key], null>;
  }
  return { set, remove };
}
