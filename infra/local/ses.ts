import sesModule from 'aws-ses-v2-local';

// A CommonJS module whose default export is the server factory; interop wraps it once more.
const sesServer = ((sesModule as unknown as { default?: typeof sesModule }).default ?? sesModule) as typeof sesModule;

/** aws-ses-v2-local keeps sent mail in memory; its page lists it and `GET /store` returns it. */
export async function startSes(port: number): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const server = await sesServer({ host: '127.0.0.1', port });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
