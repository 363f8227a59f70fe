import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/**
 * A smallest body a request schema accepts, with chosen fields set: the probes put another
 * tenant's id in one field of an otherwise valid body, so the answer is about that id and not
 * about a missing field. Built from the schema's JSON Schema (zod's public output), so a route's
 * new required field is filled without a change here.
 */
type Json = Record<string, any>;

/** Where a field sits in a body: `company_carrier_id`, `[].data_mapping_id`, `merges.[].data_point_id`. */
export type FieldPath = string;

const ID_FIELD = /(^|_)ids?$/;
/** Fields named like ids that are not references to a record: enum tags, ids a caller mints for its own rows. */
const NOT_REFERENCES = new Set(['tag_id', 'fields.[].id']);

export function jsonSchemaOf(schema: z.ZodType): Json {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Json;
}

/** Every field of a body schema that names another record, as a path. */
export function idFieldsOf(schema: z.ZodType): FieldPath[] {
  const root = jsonSchemaOf(schema);
  const found = new Set<FieldPath>();
  const walk = (node: Json | undefined, prefix: string, depth: number) => {
    if (!node || depth > 8) return;
    node = resolve(root, node);
    for (const option of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) walk(option, prefix, depth + 1);
    if (node.items) walk(node.items, `${prefix}[].`, depth + 1);
    for (const [name, child] of Object.entries<Json>(node.properties ?? {})) {
      const path = `${prefix}${name}`;
      if (ID_FIELD.test(name) && !NOT_REFERENCES.has(path)) found.add(path);
      walk(child, `${path}.`, depth + 1);
    }
  };
  walk(root, '', 0);
  return [...found];
}

/** Values for the other required fields that name records: the caller's own, so only `field` is foreign. */
export type OwnIds = (name: string) => string | undefined;

/** The smallest valid body, with `field` set to `value` (an array field gets `[value]`). */
export function sampleBody(schema: z.ZodType, field: FieldPath, value: string, own: OwnIds = () => undefined): unknown {
  const root = jsonSchemaOf(schema);
  const [head, ...rest] = field.split('.');
  ownIds = own;
  return sampleWith(root, root, head, rest, value);
}

let ownIds: OwnIds = () => undefined;

function sampleWith(root: Json, node: Json, head: string | undefined, rest: string[], value: string): unknown {
  node = resolve(root, node);
  if (head === undefined) return isArrayOfStrings(root, node) ? [value] : value;
  const options = [...(node.anyOf ?? []), ...(node.oneOf ?? [])].map((o: Json) => resolve(root, o));
  if (options.length) {
    const fitting = options.find((o) => (head === '[]' ? o.items : o.properties?.[head])) ?? options[0];
    return sampleWith(root, fitting, head, rest, value);
  }
  if (head === '[]') return [sampleWith(root, node.items ?? {}, rest[0], rest.slice(1), value)];
  const body = sample(root, node) as Json;
  body[head] = sampleWith(root, node.properties?.[head] ?? {}, rest[0], rest.slice(1), value);
  return body;
}

function isArrayOfStrings(root: Json, node: Json): boolean {
  const options = [node, ...(node.anyOf ?? [])].map((o: Json) => resolve(root, o));
  return options.some((o) => o.type === 'array');
}

function resolve(root: Json, node: Json): Json {
  let current = node;
  for (let i = 0; i < 8 && typeof current.$ref === 'string'; i++) {
    const ref = current.$ref as string;
    current = ref === '#' ? root : (ref.replace(/^#\//, '').split('/').reduce((at: Json, key) => at?.[key], root) ?? {});
  }
  return current;
}

const PATTERN_CANDIDATES = ['2030-07', '2030-07-01', '2030', 'JULY', 'x', 'A1', '12345', '0'];

function sample(root: Json, node: Json, depth = 0, name = ''): unknown {
  node = resolve(root, node);
  if (ID_FIELD.test(name) && ownIds(name)) return ownIds(name);
  if (/email/.test(name)) return `probe-${randomUUID()}@probe.example`;
  if (depth > 8) return null;
  if ('const' in node) return node.const;
  if (node.enum) return node.enum[0];
  if ('default' in node && node.default !== undefined) return node.default;
  const options = [...(node.anyOf ?? []), ...(node.oneOf ?? [])].map((o: Json) => resolve(root, o));
  if (options.length) return sample(root, options.find((o) => o.type !== 'null') ?? options[0], depth + 1, name);
  if (node.allOf) return Object.assign({}, ...node.allOf.map((part: Json) => sample(root, part, depth + 1)));
  const type = Array.isArray(node.type) ? node.type.find((t: string) => t !== 'null') : node.type;
  switch (type) {
    case 'object': {
      const body: Json = {};
      for (const name of node.required ?? []) body[name] = sample(root, node.properties?.[name] ?? {}, depth + 1, name);
      return body;
    }
    case 'array':
      return Array.from({ length: node.minItems ?? 0 }, () => sample(root, node.items ?? {}, depth + 1));
    case 'integer':
    case 'number':
      return Math.max(node.minimum ?? 1, node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      return sampleString(node);
    default:
      return 'x';
  }
}

function sampleString(node: Json): string {
  switch (node.format) {
    case 'uuid':
      return randomUUID();
    case 'email':
      return `probe-${randomUUID()}@probe.example`;
    case 'date':
      return '2030-07-01';
    case 'date-time':
      return new Date().toISOString();
  }
  if (node.pattern) {
    const pattern = new RegExp(node.pattern);
    const found = PATTERN_CANDIDATES.find((c) => pattern.test(c));
    if (found) return found;
  }
  return 'x'.repeat(Math.max(1, node.minLength ?? 1));
}
