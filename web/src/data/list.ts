/** API lists answer `{ items, next }` (DESIGN "API conventions"); a bare array is accepted too. */
export interface ListPage<T> {
  items: T[];
  next: string | null;
}

export function itemsOf<T>(data: ListPage<T> | T[] | undefined | null): T[] {
  if (!data) return [];
  return Array.isArray(data) ? data : (data.items ?? []);
}
