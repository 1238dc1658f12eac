/**
 * A fault-injecting HTTP proxy between the sync engine and the real server
 * (docs/testing.md#sync-tests). A `rule` decides per request: pass it on, cut the connection before
 * the server sees it, let the server commit and then lose the answer, or answer by itself.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Fault =
  | { type: 'pass' }
  /** The connection drops before the request reaches the server. */
  | { type: 'drop-request' }
  /** The server handles (and commits) it; the answer never reaches the phone. */
  | { type: 'drop-response' }
  /** The server handles it; the answer's headers and the first half of its body arrive, then the connection drops. */
  | { type: 'cut-response' }
  /** The proxy answers instead of the server. */
  | { type: 'respond'; status: number; headers?: Record<string, string>; body?: unknown };

export interface SyncProxy {
  url: string;
  rule: (request: ProxiedRequest) => Fault;
  /** Every request seen, in arrival order. */
  log: ProxiedRequest[];
  close(): Promise<void>;
}

const PASS: Fault = { type: 'pass' };
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host'];

function readAll(stream: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function cleanHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers))
    if (v !== undefined && !HOP_BY_HOP.includes(k)) out[k] = v;
  return out;
}

export async function startSyncProxy(upstream: string): Promise<SyncProxy> {
  const target = new URL(upstream);
  const proxy: SyncProxy = { url: '', rule: () => PASS, log: [], close: async () => undefined };
  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      const seen: ProxiedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: body.toString('utf8'),
      };
      proxy.log.push(seen);
      const fault = proxy.rule(seen);
      if (fault.type === 'drop-request') {
        req.socket.destroy();
        return;
      }
      if (fault.type === 'respond') {
        const text = fault.body === undefined ? '' : JSON.stringify(fault.body);
        res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
        res.end(text);
        return;
      }
      const upstreamReq = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...cleanHeaders(req.headers), 'content-length': body.length },
        },
        (upstreamRes) => {
          void readAll(upstreamRes).then((answer) => {
            if (fault.type === 'drop-response') {
              res.socket?.destroy();
              return;
            }
            if (fault.type === 'cut-response') {
              res.writeHead(upstreamRes.statusCode ?? 502, {
                ...cleanHeaders(upstreamRes.headers),
                'content-length': answer.length,
              });
              res.write(answer.subarray(0, Math.floor(answer.length / 2)), () =>
                res.socket?.destroy(),
              );
              return;
            }
            res.writeHead(upstreamRes.statusCode ?? 502, {
              ...cleanHeaders(upstreamRes.headers),
              'content-length': answer.length,
            });
            res.end(answer);
          });
        },
      );
      upstreamReq.on('error', () => res.socket?.destroy());
      upstreamReq.end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  proxy.url = `http://127.0.0.1:${port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
