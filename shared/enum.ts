import { z } from 'zod';

/**
 * An enum of the spec: its values in spec order, their display labels, a zod schema and the
 * option list a select needs. Defined once so API validation and web forms agree.
 */
export interface LabelledEnum<V extends string> {
  readonly values: readonly V[];
  readonly labels: Readonly<Record<V, string>>;
  readonly schema: z.ZodEnum<{ [K in V]: K }>;
  /** The label of a value; `fallback` (default: the raw value) for anything outside the enum. */
  label(value: unknown, fallback?: string): string;
  is(value: unknown): value is V;
  readonly options: ReadonlyArray<{ value: V; label: string }>;
}

export function defineEnum<const L extends Record<string, string>>(labels: L): LabelledEnum<Extract<keyof L, string>> {
  type V = Extract<keyof L, string>;
  const values = Object.keys(labels) as V[];
  const is = (value: unknown): value is V => typeof value === 'string' && Object.prototype.hasOwnProperty.call(labels, value);
  return {
    values,
    labels,
    schema: z.enum(values),
    label: (value, fallback) => (is(value) ? labels[value] : fallback ?? String(value ?? '')),
    is,
    options: values.map((value) => ({ value, label: labels[value] })),
  };
}
