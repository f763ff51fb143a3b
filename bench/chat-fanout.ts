// Chat delivery: subscribed sockets (pairs of users in their rooms: 1,000 or 10,000), messages sent through the
// gateway's sendMessage, delivery timed from the send until the partner's socket has the event.
import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { toGlobalId } from '../gateway/src/global-id.js';

export interface ChatUserSession {
  username: string;
  token: string;
}

export interface Pair {
  sender: ChatUserSession;
  receiver: ChatUserSession;
  roomId: string;
}

async function post(url: string, body: unknown, token?: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

export async function inBatches<T, R>(
  items: T[],
  size: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(
      ...(await Promise.all(items.slice(start, start + size).map((item, offset) => work(item, start + offset)))),
    );
  }
  return results;
}

/**
 * Pairs of the given accounts (first with second, third with fourth, …), each pair with its room, made through the REST
 * contract.
 */
export async function createPairs(restUrl: string, accounts: readonly ChatUserSession[]): Promise<Pair[]> {
  return inBatches(
    Array.from({ length: Math.floor(accounts.length / 2) }, (_, index) => index),
    32,
    async (index) => {
      const sender = accounts[index * 2]!;
      const receiver = accounts[index * 2 + 1]!;
      const answer = await post(
        `${restUrl}/api/chat/rooms/create`,
        { participantUsername: receiver.username },
        sender.token,
      );
      if (answer.status !== 200) throw new Error(`room for ${sender.username}: ${answer.status} ${answer.text}`);
      const room = JSON.parse(answer.text) as { id: number };
      return { sender, receiver, roomId: toGlobalId('ChatRoom', room.id) };
    },
  );
}

export interface DeliveryResult {
  sockets: number;
  messages: number;
  delivered: number;
  p50: number;
  p99: number;
  max: number;
}

const WARMUP_MESSAGES = 10;
const CONNECTING_AT_ONCE = 200;

const percentile = (sorted: number[], fraction: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;

/**
 * Subscribes every user (senders on `senderGatewayWs`, receivers on `receiverGatewayWs`), then sends `messages`
 * messages through `sendGatewayUrl` at a steady `messagesPerSecond` (open loop: a slow answer does not slow the
 * sending down, as with real people typing), each to the next room, and times each from the moment it is sent
 * until the receiver's socket has it.
 */
export async function measureDelivery(options: {
  pairs: Pair[];
  senderGatewayWs: string;
  receiverGatewayWs: string;
  sendGatewayUrl: string;
  messages: number;
  messagesPerSecond: number;
  afterSubscribed?: () => void;
}): Promise<DeliveryResult> {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  /** Latency by send order, to see where slow deliveries fall. */
  const bySend: [number, number][] = [];
  const clients: Client[] = [];
  let connected = 0;
  const subscribe = (url: string, session: ChatUserSession, onContent?: (content: string) => void) => {
    const client = createClient({
      url,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${session.token}` },
      lazy: false,
      retryAttempts: 0,
      on: { connected: () => (connected += 1) },
    });
    clients.push(client);
    client.subscribe(
      { query: 'subscription { messageAdded { id content senderUsername room { id lastMessage unreadCount } } }' },
      {
        next: (event) => {
          const content = (event.data as { messageAdded?: { content: string } } | undefined)?.messageAdded?.content;
          if (content && onContent) onContent(content);
        },
        error: () => undefined,
        complete: () => undefined,
      },
    );
  };
  // Connected a few hundred at a time, as people arrive: each connection's token is checked by a REST call.
  for (const pair of options.pairs) {
    subscribe(options.senderGatewayWs, pair.sender);
    subscribe(options.receiverGatewayWs, pair.receiver, (content) => {
      const start = sentAt.get(content);
      if (start !== undefined) {
        latencies.push(performance.now() - start);
        bySend.push([Number(content.split(' ').pop()), performance.now() - start]);
      }
    });
    while (clients.length - connected >= CONNECTING_AT_ONCE) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  for (let waited = 0; connected < clients.length; waited += 50) {
    if (waited > 180_000) throw new Error(`only ${connected} of ${clients.length} sockets connected within 180 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Subscriptions start right after their socket connects; give the last ones a moment to be registered.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  options.afterSubscribed?.();

  const send = async (index: number, content = `bench message ${index}`) => {
    const pair = options.pairs[index % options.pairs.length]!;
    sentAt.set(content, performance.now());
    const answer = await post(
      options.sendGatewayUrl,
      {
        query:
          'mutation ($input: SendMessageInput!) { sendMessage(input: $input) { message { id } userErrors { message } } }',
        variables: { input: { roomId: pair.roomId, content } },
      },
      pair.sender.token,
    );
    if (answer.status !== 200 || answer.text.includes('"userErrors":[{')) throw new Error(`send: ${answer.text}`);
  };
  // A few unmeasured messages first: the first of each path compiles code and fills caches, as the HTTP runs warm up.
  for (let index = 0; index < WARMUP_MESSAGES; index += 1) await send(index, `warm-up ${index}`);
  sentAt.clear();
  await new Promise((resolve) => setTimeout(resolve, 200));
  latencies.length = 0;
  bySend.length = 0;
  const interval = 1000 / options.messagesPerSecond;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let index = 0; index < options.messages; index += 1) {
    const due = started + index * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(index));
  }
  await Promise.all(inFlight);
  // Let the last deliveries arrive.
  for (let waited = 0; latencies.length < options.messages && waited < 5000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (process.env.BENCH_DEBUG)
    console.log(JSON.stringify(bySend.sort((a, b) => a[0] - b[0]).map(([i, ms]) => `${i}:${ms.toFixed(0)}`)));
  await Promise.all(clients.map((client) => client.dispose()));
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    sockets: clients.length,
    messages: options.messages,
    delivered: latencies.length,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? NaN,
  };
}
