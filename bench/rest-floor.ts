// The REST service against its floor: the listing and the cart from the service, and the same answers, byte for byte,
// from a plain Fastify + better-sqlite3 server on the same database file (plain-rest.ts). CPU per answer of each
// process (/proc/<pid>/stat), runs at 50 connections alternating between the two, so that drift touches both.
import type { ServerProcess } from '../tests/helpers/server-process.js';
import { cpuMilliseconds, throughput } from './http-overhead.js';

export interface FloorFigures {
  restCpuUs: number;
  plainCpuUs: number;
  /** REST's CPU per answer over the plain server's: the budget is ≤ 1.3. */
  ratio: number;
  ratioSpread: [number, number];
}

async function shopperWithCart(restUrl: string): Promise<string> {
  const post = (route: string, body: unknown, token?: string) =>
    fetch(`${restUrl}/api${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  await post('/auth/register', { username: 'bench-floor-buyer', password: 'bench-floor' });
  const token = await (await post('/auth/login', { username: 'bench-floor-buyer', password: 'bench-floor' })).text();
  for (const productId of [1, 2, 3]) await post('/cart/items', { productId, quantity: 2 }, token);
  return token;
}

export async function measureRestFloor(options: {
  rest: ServerProcess;
  plain: ServerProcess;
  seconds: number;
  rounds: number;
}): Promise<Record<'listing' | 'cart', FloorFigures>> {
  const token = await shopperWithCart(options.rest.url);
  const headers = { authorization: `Bearer ${token}` };
  const routes = { listing: '/api/products?page=0&size=24', cart: '/api/cart' };
  const figures = {} as Record<'listing' | 'cart', FloorFigures>;
  for (const [name, route] of Object.entries(routes) as ['listing' | 'cart', string][]) {
    const [fromRest, fromPlain] = await Promise.all(
      [options.rest, options.plain].map(async (server) => (await fetch(`${server.url}${route}`, { headers })).text()),
    );
    if (fromRest !== fromPlain)
      throw new Error(`${route}: the plain server's answer is not the service's:\n${fromPlain}`);
    const cpuPerAnswer = async (server: ServerProcess) => {
      const before = cpuMilliseconds(server.pid);
      const run = await throughput({
        url: `${server.url}${route}`,
        headers,
        connections: 50,
        duration: options.seconds,
      });
      if (run.errors) throw new Error(`${server.url}${route}: ${run.errors} failed`);
      return ((cpuMilliseconds(server.pid) - before) * 1000) / run.requests;
    };
    for (const server of [options.rest, options.plain])
      await throughput({ url: `${server.url}${route}`, headers, connections: 10, duration: 1 });
    const rest: number[] = [];
    const plain: number[] = [];
    for (let round = 0; round < options.rounds; round += 1) {
      rest.push(await cpuPerAnswer(options.rest));
      plain.push(await cpuPerAnswer(options.plain));
    }
    const ratios = rest.map((value, index) => value / plain[index]!);
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    figures[name] = {
      restCpuUs: mean(rest),
      plainCpuUs: mean(plain),
      ratio: mean(ratios),
      ratioSpread: [Math.min(...ratios), Math.max(...ratios)],
    };
  }
  return figures;
}
