// The subscription socket, for what shows its state (the navbar's dot).
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ShopSocket, SocketState } from './socket';

export const SocketContext = createContext<ShopSocket | null>(null);

/** The socket's state; 'offline' where there is none (tests without a socket). */
export function useSocketState(): SocketState {
  const socket = useContext(SocketContext);
  return useSyncExternalStore(
    (listener) => socket?.subscribe(listener) ?? (() => undefined),
    () => socket?.state() ?? 'offline',
  );
}
