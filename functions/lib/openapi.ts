import { z } from 'zod';
import type { Endpoint } from '../../shared/api/endpoint';
import { errorResponse } from '../../shared/schemas/errors';
import type { RouteDef } from '../routes/types';

/**
 * The OpenAPI 3.1 description of the API, generated from the route table and the endpoint schemas
 * (zod's own JSON Schema output, draft 2020-12, which is what OpenAPI 3.1 speaks). Requests are
 * described as callers send them (`io: 'input'`), answers as the server writes them.
 */
type JsonSchema = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request: `message` says what to fix, `errors` names each field',
  401: 'No valid token',
  403: 'Refused: the account is disabled, its tenant inactive, or the rule named in `message`',
  404: 'Not found, or not yours (the two are the same answer)',
  409: 'Conflict: someone changed the record since it was read, or it is in a state that does not allow this',
  413: 'Too large',
  429: 'Too many requests',
  503: 'Not available right now',
};

const SUCCESS_DESCRIPTIONS: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted: under way', 204: 'Done, no content' };

function parameters(endpoint: Endpoint, where: 'path' | 'query') {
  const schema = where === 'path' ? endpoint.params : endpoint.query;
  const names = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const described = schema ? (jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] }) : {};
  const properties = described.properties ?? {};
  if (where === 'path') return names.map((name) => ({ name, in: 'path', required: true, schema: properties[name] ?? { type: 'string' } }));
  return Object.entries(properties).map(([name, s]) => ({ name, in: 'query', required: (described.required ?? []).includes(name), schema: s }));
}

function responses(route: RouteDef, endpoint: Endpoint) {
  const status = endpoint.status ?? 200;
  const success: Record<string, unknown> = { description: SUCCESS_DESCRIPTIONS[status] };
  if (endpoint.contentType) success.content = { [endpoint.contentType]: { schema: { type: 'string', contentMediaType: endpoint.contentType } } };
  else if (endpoint.response) success.content = { 'application/json': { schema: jsonSchema(endpoint.response, 'output') } };
  const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  const statuses = new Set<number>([400, 404, ...(route.access === 'signed-in' ? [401, 403] : []), ...(endpoint.errors ?? [])]);
  const out: Record<string, unknown> = { [status]: success };
  for (const other of endpoint.alsoAnswers ?? []) out[other] = { ...success, description: SUCCESS_DESCRIPTIONS[other] };
  for (const code of [...statuses].sort()) {
    const declared = endpoint.errorBodies?.[code as keyof NonNullable<Endpoint['errorBodies']>];
    const content = declared ? { 'application/json': { schema: jsonSchema(declared, 'output') } } : errorContent;
    out[code] = { description: ERROR_DESCRIPTIONS[code], content };
  }
  return out;
}

const operationId = (route: RouteDef) =>
  [route.method.toLowerCase(), ...route.path.split(/[^A-Za-z0-9]+/)].filter(Boolean).map((w, i) => (i ? w[0].toUpperCase() + w.slice(1) : w)).join('');

export function openApiDocument(routes: readonly RouteDef[], info: { version: string; serverUrl?: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const endpoint = route.endpoint;
    const operation: Record<string, unknown> = {
      operationId: operationId(route),
      summary: endpoint?.summary ?? `${route.method} ${route.path}`,
      tags: [route.path.split('/')[2] ?? 'api'],
      security: route.access === 'public' ? [] : [{ cognito: [] }],
    };
    if (endpoint) {
      const params = [...parameters(endpoint, 'path'), ...parameters(endpoint, 'query')];
      if (params.length) operation.parameters = params;
      if (endpoint.body) operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } } };
      operation.responses = responses(route, endpoint);
    } else {
      operation.responses = { default: { description: 'Not described yet' } };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Data Validation Platform API',
      version: info.version,
      description:
        'Audit employee-benefit enrollment data against carrier files. Every route but the public ones takes a Cognito ID token as `Authorization: Bearer …`. A record outside your tenant is a 404, exactly like a missing one. Writes of an existing record carry the `updated_at` you read; a stale one is a 409.',
    },
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    paths,
    components: {
      schemas: { Error: jsonSchema(errorResponse, 'output') },
      securitySchemes: { cognito: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A Cognito ID token of the platform user pool' } },
    },
  };
}
