import { createServer, type AddressInfo, type Socket } from 'node:net';

/** A loopback TCP server that accepts every connection and never answers. */
export async function tarpit() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (i: number) => `http://127.0.0.1:${port}/hook/${i}`,
    open: () => sockets.size,
    close: () => new Promise<void>((resolve) => (sockets.forEach((s) => s.destroy()), server.close(() => resolve()))),
  };
}
