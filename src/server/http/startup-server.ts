import { createServer, type Server } from 'node:http';

/**
 * What answers on the port while the process migrates (and seeds) before the app exists: 503 to
 * everything, so a load balancer's readiness probe (`/api/health/ready`) sees "not yet" instead of
 * a refused connection, and a user who reaches it gets the error shape the app uses.
 */
export async function listenWhileStarting(port: number, host: string): Promise<{ close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const body = path.startsWith('/api/health/')
      ? { status: 'starting' }
      : { detail: 'The server is starting. Try again shortly.', code: 'STARTING' };
    response.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': '2',
      connection: 'close',
    });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
