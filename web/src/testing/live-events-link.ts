// The socket's side of the tests: subscriptions stay open, and a test delivers an event to the subscriptions of
// one operation (`emit('LiveMessageAdded', { messageAdded: … })`), as the gateway would push it.
import { ApolloLink } from '@apollo/client';
import { Observable, type Subscriber } from 'rxjs';

export class LiveEventsLink extends ApolloLink {
  private readonly subscribers = new Map<string, Set<Subscriber<ApolloLink.Result>>>();

  override request(operation: ApolloLink.Operation): Observable<ApolloLink.Result> {
    const name = operation.operationName ?? '';
    return new Observable((subscriber) => {
      const set = this.subscribers.get(name) ?? new Set();
      set.add(subscriber);
      this.subscribers.set(name, set);
      return () => set.delete(subscriber);
    });
  }

  /** How many subscriptions of the operation are open. */
  listening(operationName: string): number {
    return this.subscribers.get(operationName)?.size ?? 0;
  }

  emit(operationName: string, data: Record<string, unknown>): void {
    for (const subscriber of this.subscribers.get(operationName) ?? []) subscriber.next({ data });
  }
}
