import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import net, { type AddressInfo } from 'node:net';

/** One request the proxy forwarded: which upstream (index into the list) got it. */
export interface ProxiedRoute {
  kind: 'http' | 'ws';
  method: string;
  path: string;
  upstream: number;
}

export interface RoundRobinProxy {
  /** http://127.0.0.1:<port> */
  url: string;
  /** ws://127.0.0.1:<port> */
  wsUrl: string;
  /** Every forwarded request, in order. */
  routes: ProxiedRoute[];
  /** Which upstream the next request (HTTP or upgrade) goes to; round-robin goes on from there. */
  sendNextTo: (upstream: number) => void;
  close: () => Promise<void>;
}

/**
 * A small load balancer in front of several API instances, as nginx is in docker/compose.yaml: each HTTP request
 * and each WebSocket upgrade goes to the next upstream in turn (no stickiness), and the answer carries
 * `X-Upstream: <index>` so a test can see which instance served it. Upgrades are piped as raw TCP after the
 * request line and headers are replayed to the chosen upstream.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const targets = upstreams.map((u) => new URL(u));
  const routes: ProxiedRoute[] = [];
  let next = 0;
  const pick = (kind: ProxiedRoute['kind'], req: IncomingMessage) => {
    const upstream = next;
    next = (next + 1) % targets.length;
    routes.push({ kind, method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0]!, upstream });
    return { upstream, target: targets[upstream]! };
  };
  const sockets = new Set<net.Socket>();

  const server = createServer((req, res) => {
    const { upstream, target } = pick('http', req);
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': String(upstream) });
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
      else res.destroy();
    });
    req.pipe(forwarded);
  });

  server.on('upgrade', (req: IncomingMessage, client: net.Socket, head: Buffer) => {
    const { target } = pick('ws', req);
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      client.pipe(upstream).pipe(client);
    });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    routes,
    sendNextTo: (upstream) => {
      next = upstream % targets.length;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
