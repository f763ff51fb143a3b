// The answers index.html asked for before the app's script arrived (early-requests.ts), handed to the app's own
// queries in place of the same requests: one link of the client's chain (apollo-client.ts).
import { ApolloLink } from '@apollo/client';
import { Observable, type Subscription } from 'rxjs';
import { readToken } from '../lib/session';
import { EARLY_ANSWERS_GLOBAL, type EarlyAnswers, variablesKey } from './early-requests';

/**
 * The answer the page asked for (early-requests.ts) to this operation with these variables, taken once: only for the
 * token the session still has (a login or logout since would make it someone else's).
 */
function takeEarlyAnswer(operationName: string | undefined, variables: Record<string, unknown>) {
  const early = (window as unknown as Record<string, EarlyAnswers | undefined>)[EARLY_ANSWERS_GLOBAL];
  if (!early || !operationName || early.token !== readToken()) return undefined;
  const entry = early.answers[operationName];
  if (!entry || entry.variables !== variablesKey(variables)) return undefined;
  early.answers[operationName] = undefined;
  return entry.answer as Promise<ApolloLink.Result>;
}

/**
 * Answers an operation the page already asked for with the page's answer, once; everything else, and an early request
 * that failed, goes on to the network as usual.
 */
export function earlyAnswersLink(): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const early = takeEarlyAnswer(operation.operationName, operation.variables);
    if (!early) return forward(operation);
    return new Observable<ApolloLink.Result>((observer) => {
      let asked: Subscription | undefined;
      let closed = false;
      early.then(
        (result) => {
          if (closed) return;
          observer.next(result);
          observer.complete();
        },
        () => {
          if (!closed) asked = forward(operation).subscribe(observer);
        },
      );
      return () => {
        closed = true;
        asked?.unsubscribe();
      };
    });
  });
}
