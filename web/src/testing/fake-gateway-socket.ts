// The gateway's end of the graphql-ws socket, in the test page, to inject what we cannot otherwise cause in jsdom:
// refused tokens (4403), dropped connections, a server that says try again later (1013), also to every new
// connection (a user over the gateway's sockets-per-user limit). It speaks just enough of the graphql-transport-ws
// protocol: connection_init → connection_ack (or a close), subscribe → kept open.

export interface FakeGateway {
  /** Tokens (as sent in connectionParams.authorization) the gateway accepts now. */
  acceptedAuthorizations: Set<string>;
  /** Every connection_init's authorization, in order. */
  initAuthorizations: (string | undefined)[];
  /** While set, every connection_init is answered by closing the socket with this code (1013: over the limit). */
  closeEveryConnectionWith: number | undefined;
  /** The sockets the client opened, the last one the current. */
  sockets: FakeSocket[];
  /** Closes the current socket from the server side. */
  close(code: number, reason?: string): void;
  /** The WebSocket class to give the client. */
  WebSocket: typeof FakeSocket;
}

export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;

  readyState = FakeSocket.CONNECTING;
  protocol = 'graphql-transport-ws';
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  /** Set by the gateway that made this class. */
  declare gateway: FakeGateway;
  /** When the client opened this socket (Date.now(), so fake timers' time under them). */
  readonly openedAt = Date.now();

  constructor(readonly url: string) {
    this.gateway.sockets.push(this);
    setTimeout(() => {
      this.readyState = FakeSocket.OPEN;
      this.onopen?.();
    }, 1);
  }

  send(data: string): void {
    const message = JSON.parse(data) as { type: string; payload?: { authorization?: string } };
    if (message.type !== 'connection_init') return;
    const authorization = message.payload?.authorization;
    this.gateway.initAuthorizations.push(authorization);
    setTimeout(() => {
      const closeCode = this.gateway.closeEveryConnectionWith;
      if (closeCode !== undefined) this.serverClose(closeCode, 'Try again later');
      else if (authorization && this.gateway.acceptedAuthorizations.has(authorization))
        this.receive({ type: 'connection_ack' });
      else this.serverClose(4403, 'Forbidden');
    }, 1);
  }

  close(code = 1000, reason = ''): void {
    this.serverClose(code, reason);
  }

  receive(message: object): void {
    if (this.readyState === FakeSocket.OPEN) this.onmessage?.({ data: JSON.stringify(message) });
  }

  serverClose(code: number, reason = ''): void {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    setTimeout(() => this.onclose?.({ code, reason, wasClean: true }), 0);
  }
}

export function createFakeGateway(accepted: string[] = []): FakeGateway {
  const gateway: FakeGateway = {
    acceptedAuthorizations: new Set(accepted.map((token) => `Bearer ${token}`)),
    initAuthorizations: [],
    closeEveryConnectionWith: undefined,
    sockets: [],
    close(code, reason) {
      gateway.sockets[gateway.sockets.length - 1]?.serverClose(code, reason);
    },
    WebSocket: class extends FakeSocket {},
  };
  gateway.WebSocket.prototype.gateway = gateway;
  return gateway;
}
