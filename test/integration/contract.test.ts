import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { api } from '../support/api';

/**
 * The API's description as integrators fetch it: public, valid OpenAPI, and naming every route of
 * the route table with its parameters and the schemas of what it takes and answers. (Every answer
 * the integration suite receives is checked against those schemas by test/support/contract.ts.)
 */
describe('GET /api/openapi.json', () => {
  it('is public, a valid OpenAPI 3.1 document, and names every route with its schemas', async () => {
    const res = await api('GET', '/api/openapi.json', { as: null });
    expect(res.status).toBe(200);
    const document = res.body;

    const validation = await new Validator().validate(document);
    expect(validation.errors ?? []).toEqual([]);
    expect(validation.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');

    const missing: string[] = [];
    const undescribed: string[] = [];
    for (const route of routes) {
      const operation = document.paths?.[route.path]?.[route.method.toLowerCase()];
      if (!operation) missing.push(`${route.method} ${route.path}`);
      else if (!route.endpoint) undescribed.push(`${route.method} ${route.path}`);
      else {
        const success = operation.responses[String(route.endpoint.status ?? 200)];
        expect(success, `${route.method} ${route.path}`).toBeDefined();
        if (route.endpoint.response && !route.endpoint.contentType) expect(success.content['application/json'].schema).toBeTypeOf('object');
        if (route.endpoint.body) expect(operation.requestBody.content['application/json'].schema).toBeTypeOf('object');
        const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        expect(operation.parameters?.filter((p: { in: string }) => p.in === 'path').map((p: { name: string }) => p.name) ?? []).toEqual(pathParams);
        expect(operation.responses['404'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
      }
    }
    console.log(`${routes.length} routes in /api/openapi.json: ${missing.length} missing, ${routes.length - undescribed.length} with request and response schemas`);
    expect(missing).toEqual([]);
  });

  it('answers the same error shape for a route that is not there', async () => {
    const res = await api('GET', '/api/no-such-thing', { as: null });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: expect.any(String) });
  });
});
