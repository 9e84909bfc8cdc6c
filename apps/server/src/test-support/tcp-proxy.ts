import net from 'node:net';

/**
 * A TCP proxy a test controls, standing between the server and PostgreSQL: `cut()` drops every
 * open connection at once (as a network failure or a failover does) and refuses new ones until
 * `restore()`.
 */
export type TcpProxy = {
  readonly port: number;
  /** Connections passed through so far. */
  readonly accepted: () => number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let down = false;
  let accepted = 0;
  const server = net.createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    accepted += 1;
    const upstream = net.connect(target.port, target.host);
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    accepted: () => accepted,
    cut() {
      down = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    restore() {
      down = false;
    },
    close() {
      for (const socket of open) socket.destroy();
      open.clear();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
