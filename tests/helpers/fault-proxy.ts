// An HTTP proxy in front of the real REST service that a test can switch to misbehave: answer late, answer an error
// status of its choosing, or drop the connection. It stands for what the gateway does not control (the network and
// whichever implementation of the contract it talks to); everything behind it stays the real service.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault =
  /** Forward the request, but only after this many milliseconds. */
  | { delayMs: number }
  /**
   * Answer this status with this body (JSON) instead of forwarding, e.g. 503, or a 403 another implementation gives.
   */
  | { status: number; body?: unknown }
  /**
   * Close the connection without an answer (`once`: only the first request it meets, as a proxy closing an idle one).
   */
  | { drop: true; once?: boolean }
  /** Forward the request, and close the connection instead of passing the answer on: done, but the answer is lost. */
  | { loseAnswer: true }
  /** Do something first (another client's change, say), then forward the request. */
  | { meanwhile: () => Promise<void> }
  /** Forward the request and take the answer, do something (a change the answer predates), then pass the answer on. */
  | { afterAnswer: () => Promise<void> };

export interface FaultProxy {
  /** http://127.0.0.1:port — give it to a gateway as its REST_URL. */
  url: string;
  /**
   * Injects the fault into every request, or only into those whose path (with query) matches `path`. Later calls add
   * rules; the first matching rule wins.
   */
  inject(fault: Fault, path?: RegExp): void;
  /** Back to forwarding everything as it is. */
  heal(): void;
  close(): Promise<void>;
}

export async function startFaultProxy(targetUrl: string): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  let rules: { fault: Fault; path: RegExp | undefined }[] = [];

  const forward = (
    request: http.IncomingMessage,
    response: http.ServerResponse,
    loseAnswer = false,
    beforePassingOn?: () => Promise<void>,
  ) => {
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: target.host },
      },
      (answer) => {
        if (loseAnswer) {
          answer.resume();
          answer.on('end', () => request.socket.destroy());
          return;
        }
        if (beforePassingOn) {
          const parts: Buffer[] = [];
          answer.on('data', (part: Buffer) => parts.push(part));
          answer.on('end', () => {
            void beforePassingOn().then(() => {
              response.writeHead(answer.statusCode ?? 502, answer.headers);
              response.end(Buffer.concat(parts));
            });
          });
          return;
        }
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    // The gateway gave up (its deadline) or the service went away: nothing to answer any more.
    upstream.on('error', () => response.destroy());
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  };

  const server = http.createServer((request, response) => {
    const rule = rules.find((candidate) => !candidate.path || candidate.path.test(request.url ?? ''));
    const fault = rule?.fault;
    if (!fault) return forward(request, response);
    if ('drop' in fault) {
      if (fault.once) rules = rules.filter((other) => other !== rule);
      return request.socket.destroy();
    }
    if ('loseAnswer' in fault) return forward(request, response, true);
    if ('afterAnswer' in fault) return forward(request, response, false, fault.afterAnswer);
    if ('meanwhile' in fault) {
      // Held until the change is made; the body waits in the socket meanwhile.
      request.pause();
      void fault.meanwhile().then(() => forward(request, response));
      return;
    }
    if ('status' in fault) {
      // The request body is read first, as a real server would, so the client is not cut off mid-send.
      request.resume();
      request.on('end', () => {
        response.writeHead(fault.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(fault.body ?? { message: `Injected ${fault.status}` }));
      });
      return;
    }
    const timer = setTimeout(() => forward(request, response), fault.delayMs);
    // A client that stops waiting cancels the late answer, so close() has nothing left to wait for.
    response.on('close', () => clearTimeout(timer));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    inject(fault, path) {
      rules.push({ fault, path });
    },
    heal() {
      rules = [];
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
