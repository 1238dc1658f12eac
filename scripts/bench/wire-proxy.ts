/**
 * A measuring HTTP proxy between the phone engine and the server: it counts requests and the
 * answer bytes exactly as the server put them on the wire (compressed), and can add a fixed
 * latency to every request (a slow rural link). Upstream requests ask for gzip unless a run sets
 * `acceptEncoding` (what Chromium sends), so the figures do not depend on what Node's fetch
 * happens to advertise.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WireRecord {
  method: string;
  path: string;
  status: number;
  /** Request body bytes (what went up the link). */
  requestBytes: number;
  /** Answer body bytes as sent by the server (after compression). */
  bytes: number;
  /** `Content-Encoding` of the answer, '' when sent as is. */
  encoding: string;
  /** Time the server took, from forwarding the request to the last answer byte. */
  serverMs: number;
}

/** A link simulated in the proxy: half the round trip each way, and each body at its bandwidth. */
export interface LinkProfile {
  rttMs: number;
  downBitsPerS: number;
  upBitsPerS: number;
}

/** The 3G link of the sync budget: 300 ms round trip, 1.6 Mb/s down, 0.75 Mb/s up. */
export const LINK_3G: LinkProfile = { rttMs: 300, downBitsPerS: 1_600_000, upBitsPerS: 750_000 };

/** Time a body of `bytes` takes at `bitsPerS` (HTTP headers are not counted). */
export const wireMs = (bytes: number, bitsPerS: number) => (bytes * 8 * 1000) / bitsPerS;

export interface WireProxy {
  url: string;
  /** Added before each request is forwarded; change it between runs. */
  latencyMs: number;
  /** A slow link for every request (on top of `latencyMs`), or null; change it between runs. */
  link: LinkProfile | null;
  /** The Accept-Encoding sent upstream: gzip unless a run says what a browser sends. */
  acceptEncoding: string;
  log: WireRecord[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'host',
  'accept-encoding',
]);

function readAll(stream: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function startWireProxy(upstream: string): Promise<WireProxy> {
  const target = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true });
  const proxy: WireProxy = {
    url: '',
    latencyMs: 0,
    link: null,
    acceptEncoding: 'gzip',
    log: [],
    close: async () => undefined,
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      if (proxy.latencyMs > 0) await sleep(proxy.latencyMs);
      const { link } = proxy;
      if (link) await sleep(link.rttMs / 2 + wireMs(body.length, link.upBitsPerS));
      const started = performance.now();
      const upstreamReq = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: {
            ...endToEnd(req.headers),
            'accept-encoding': proxy.acceptEncoding,
            'content-length': body.length,
          },
        },
        (upstreamRes) => {
          void readAll(upstreamRes).then(async (answer) => {
            proxy.log.push({
              method: req.method ?? 'GET',
              path: req.url ?? '/',
              status: upstreamRes.statusCode ?? 502,
              requestBytes: body.length,
              bytes: answer.length,
              encoding: String(upstreamRes.headers['content-encoding'] ?? ''),
              serverMs: performance.now() - started,
            });
            if (link) await sleep(link.rttMs / 2 + wireMs(answer.length, link.downBitsPerS));
            res.writeHead(upstreamRes.statusCode ?? 502, {
              ...endToEnd(upstreamRes.headers),
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
      agent.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
