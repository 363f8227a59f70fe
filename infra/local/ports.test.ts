import http from 'node:http';
import net from 'node:net';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalStackError } from './errors';
import { ownsListeningPort } from './port-owner';
import { bindPort, portOf, requestedPort, serveOn } from './ports';

const open: net.Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => new Promise((r) => s.close(r))));
});
const hold = async (port = 0) => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  open.push(server);
  return server;
};

describe('the local stack ports', () => {
  it('binds the preferred port when it is free, another when it is taken, and serves on what it bound', async () => {
    const taken = portOf(await hold());
    const socket = await bindPort('Test', taken);
    const server = http.createServer((_req, res) => res.end('ours'));
    open.push(server);
    await serveOn(server, socket);
    const port = portOf(socket);
    expect(port).not.toBe(taken);
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ours');

    await new Promise((r) => server.close(r));
    const again = await bindPort('Test', port);
    open.push(again);
    expect(portOf(again)).toBe(port);
  });

  it('stops with a plain message on a listen error other than a taken port', async () => {
    // An address this machine does not have.
    const error = await bindPort('Test', 80, '192.0.2.1').catch((e: Error) => e);
    expect(error).toBeInstanceOf(LocalStackError);
    expect((error as Error).message).toMatch(/^Test could not listen on port 80: /);
  });

  it('reads a port variable: unset is the usual port, 0 is any, anything else not a port is refused', () => {
    expect(requestedPort(undefined, 8000)).toBe(8000);
    expect(requestedPort('', 8000)).toBe(8000);
    expect(requestedPort('0', 8000)).toBe(0);
    expect(requestedPort('8001', 8000)).toBe(8001);
    expect(() => requestedPort('eighty', 8000)).toThrow('"eighty" is not a port');
    expect(() => requestedPort('70000', 8000)).toThrow(LocalStackError);
  });

  it("tells whose socket listens on a port: this process's, not another's", async () => {
    const port = portOf(await hold());
    expect(ownsListeningPort(process.pid, port)).toBe(true);
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)'], { stdio: 'ignore' });
    try {
      expect(ownsListeningPort(other.pid!, port)).toBe(false);
    } finally {
      other.kill();
    }
  });
});
