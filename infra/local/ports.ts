import net from 'node:net';
import { LocalStackError } from './errors';

/**
 * Ports of the local stack. Several stacks may start at the same moment (the test suites and the
 * benchmarks do), so a port is only ever known to be ours once a socket of ours listens on it:
 * looking for a free port and binding it later would let two stacks pick the same one.
 */

/** True when nothing listens on the port right now; a hint only, another process may bind it next. */
export function isPortFree(port: number, host = '0.0.0.0'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port the OS says is free right now, for a process that cannot be handed a bound socket. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The port a stand-in asks for: the variable's value when set (0 for any port the OS picks), else
 * the stand-in's usual port.
 */
export function requestedPort(value: string | undefined, usual: number): number {
  if (value === undefined || value.trim() === '') return usual;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new LocalStackError(`"${value}" is not a port: use a number from 1 to 65535, or 0 for any free port.`);
  }
  return port;
}

export const portOf = (server: net.Server): number => (server.address() as net.AddressInfo).port;

/** Listens on the port, rejecting with the listen error (EADDRINUSE…) instead of emitting it. */
export function listen(server: net.Server, port: number, host?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => reject(error);
    server.once('error', fail);
    server.listen({ port, host, exclusive: true }, () => {
      server.off('error', fail);
      resolve();
    });
  });
}

/** A listen error as the plain message the stack stops with. */
export function listenError(what: string, port: number, error: NodeJS.ErrnoException): LocalStackError {
  const reason = error.code === 'EACCES' ? 'permission denied' : error.code === 'EADDRINUSE' ? 'the port is in use' : (error.code ?? error.message);
  return new LocalStackError(`${what} could not listen on port ${port}: ${reason}.`);
}

/**
 * A socket listening on `preferred`, or on a port the OS picks (atomically, so no other stack can
 * take it in between) when `preferred` is taken or 0. Node's servers take it in place of a port
 * (`server.listen(handle)`), so the libraries that listen themselves serve on the socket we own.
 */
export async function bindPort(what: string, preferred: number, host = '127.0.0.1'): Promise<net.Server> {
  return (preferred !== 0 && (await bindUnlessTaken(what, preferred, host))) || (await bindUnlessTaken(what, 0, host))!;
}

/** A socket bound to the port, or undefined when another process holds it; any other error stops the start. */
async function bindUnlessTaken(what: string, port: number, host: string): Promise<net.Server | undefined> {
  const socket = net.createServer();
  try {
    await listen(socket, port, host);
    return socket;
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code === 'EADDRINUSE' && port !== 0) return undefined;
    throw listenError(what, port, e);
  }
}

/** Makes `server` serve on a socket from bindPort. */
export function serveOn(server: net.Server, socket: net.Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not become ready in ${Math.round(timeoutMs / 1000)} s${lastError ? `: ${String(lastError)}` : ''}`);
}
