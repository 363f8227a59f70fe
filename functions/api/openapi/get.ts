import { getOpenApi } from '../../../shared/api/platform';
import { servePublic } from '../../lib/http';
import { openApiDocument } from '../../lib/openapi';
import { routes } from '../../routes';

let document: ReturnType<typeof openApiDocument> | undefined;

/** GET /api/openapi.json: public, no data; the same document for everyone, built once per container. */
export const handler = servePublic(getOpenApi, async () => {
  document ??= openApiDocument(routes, { version: process.env.APP_VERSION ?? '0.1.0' });
  return document;
});
