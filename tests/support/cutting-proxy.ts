import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * Where a connection is cut: before the request reaches the server (the write never happened), or
 * after the server started answering (the write is committed, its answer is lost on the way back).
 */
export type Cut = 'before-server' | 'after-server';

export interface CuttingProxyOptions {
  targetPort: number;
  /** Asked for every HTTP request that passes (by its request line): cut it, or null to let it through. */
  cutFor: (requestLine: string) => Cut | null;
  /** A request was handed to the server (it may be written before the answer comes back). */
  onForwarded?: (requestLine: string) => void;
}

const REQUEST_LINE = /^[A-Z]+ \S+ HTTP\/1\.[01]/;

/**
 * A TCP proxy in front of the real server that loses connections the way a phone's network does:
 * per request (cutFor), all at once (dropAll: the signal is gone), or because nobody listens behind
 * it (the server is down: the client's connection is closed at once).
 */
export class CuttingProxy {
  readonly counts = { beforeServer: 0, afterServer: 0, dropped: 0, refused: 0, forwarded: 0 };
  private readonly pairs = new Set<{ client: Socket; upstream: Socket }>();
  private server: Server | null = null;
  port = 0;

  constructor(private readonly options: CuttingProxyOptions) {}

  async start(): Promise<number> {
    const server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    this.server = server;
    return this.port;
  }

  /** While true, every new connection is closed at once (the network is down; see cutOff). */
  private refusing = false;

  /** Cuts every connection and refuses new ones until restore(): the target is unreachable. */
  cutOff(): void {
    this.refusing = true;
    this.dropAll();
  }

  restore(): void {
    this.refusing = false;
  }

  /** Every open connection is cut (a lost signal); returns how many. */
  dropAll(): number {
    const open = this.pairs.size;
    for (const pair of this.pairs) this.close(pair);
    this.counts.dropped += open;
    return open;
  }

  async stop(): Promise<void> {
    for (const pair of this.pairs) this.close(pair);
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    if (this.refusing) {
      this.counts.refused += 1;
      client.destroy();
      return;
    }
    const upstream = connect(this.options.targetPort, '127.0.0.1');
    const pair = { client, upstream };
    this.pairs.add(pair);
    let connected = false;
    let cutOnAnswer = false;
    const pending: Array<[Buffer, string | null]> = [];

    // Counted as forwarded only once written to a live server connection.
    const forward = (chunk: Buffer, requestLine: string | null) => {
      if (requestLine !== null) {
        this.counts.forwarded += 1;
        this.options.onForwarded?.(requestLine);
      }
      upstream.write(chunk);
    };
    upstream.on('connect', () => {
      connected = true;
      for (const [chunk, requestLine] of pending) forward(chunk, requestLine);
      pending.length = 0;
    });
    upstream.on('error', () => {
      if (!connected) this.counts.refused += 1;
      this.close(pair);
    });
    upstream.on('close', () => this.close(pair));
    client.on('error', () => this.close(pair));
    client.on('close', () => this.close(pair));

    client.on('data', (chunk: Buffer) => {
      const head = chunk.subarray(0, 200).toString('latin1');
      let requestLine: string | null = null;
      if (REQUEST_LINE.test(head)) {
        requestLine = head.slice(0, head.indexOf('\r\n'));
        const cut = this.options.cutFor(requestLine);
        if (cut === 'before-server') {
          this.counts.beforeServer += 1;
          this.close(pair);
          return;
        }
        cutOnAnswer = cut === 'after-server';
      }
      if (connected) forward(chunk, requestLine);
      else pending.push([chunk, requestLine]);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (cutOnAnswer) {
        // The server has answered, so the write is committed; the answer never arrives.
        this.counts.afterServer += 1;
        this.close(pair);
        return;
      }
      client.write(chunk);
    });
  }

  private close(pair: { client: Socket; upstream: Socket }): void {
    if (!this.pairs.delete(pair)) return;
    pair.client.destroy();
    pair.upstream.destroy();
  }
}
