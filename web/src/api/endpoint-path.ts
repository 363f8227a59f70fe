import type { Endpoint } from '../../../shared/api/endpoint';

/** The path of an endpoint with its `{param}` placeholders filled in. */
export function fillPath(endpoint: Pick<Endpoint, 'path'>, params: Record<string, string>): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for {${name}} in ${endpoint.path}`);
    return encodeURIComponent(value);
  });
}
