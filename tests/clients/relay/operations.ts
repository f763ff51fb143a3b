// What a Relay app's components do through react-relay, done with relay-runtime alone (there is no React here): a
// query loaded and kept in the store while its screen shows it (useLazyLoadQuery), a mutation committed
// (useMutation), a subscription held (useSubscription), and a look at what the Store itself holds.
// The artifacts' generated types live in the temporary folder relay-compiler wrote them to, out of the type checker's
// reach: the data read here is loosely typed, as the tests' JSON answers are.
import {
  type Environment,
  type GraphQLTaggedNode,
  type PayloadError,
  commitMutation,
  createOperationDescriptor,
  fetchQuery,
  getRequest,
  requestSubscription,
} from 'relay-runtime';

export interface LoadedQuery {
  /** The query's data as the store holds it now (fragment spreads are references, read with their fragments). */
  read(): any;
  /** Lets the store forget the query's records, as a screen that is left does. */
  release(): void;
}

/** Fetches the query from the network and keeps its records retained, as a screen showing it does. */
export async function loadQuery(
  environment: Environment,
  query: GraphQLTaggedNode,
  variables: Record<string, unknown> = {},
): Promise<LoadedQuery> {
  const operation = createOperationDescriptor(getRequest(query), variables);
  const retained = environment.retain(operation);
  await fetchQuery(environment, query, variables, { fetchPolicy: 'network-only' }).toPromise();
  return { read: () => environment.lookup(operation.fragment).data, release: () => retained.dispose() };
}

export interface MutationResult {
  response: any;
  /** The GraphQL errors beside the data (a userError is data, not one of these). */
  errors: readonly PayloadError[] | null | undefined;
}

export function mutate(
  environment: Environment,
  mutation: GraphQLTaggedNode,
  variables: Record<string, unknown>,
): Promise<MutationResult> {
  return new Promise((resolve, reject) => {
    commitMutation(environment, {
      mutation,
      variables,
      onCompleted: (response, errors) => resolve({ response, errors }),
      onError: reject,
    });
  });
}

export interface HeldSubscription {
  /** Every event's data, in the order they came. */
  events: any[];
  /** Why the subscription ended, if it did. */
  error: Error | undefined;
  dispose(): void;
}

export function subscribe(
  environment: Environment,
  subscription: GraphQLTaggedNode,
  variables: Record<string, unknown> = {},
): HeldSubscription {
  const held: HeldSubscription = { events: [], error: undefined, dispose: () => {} };
  const disposable = requestSubscription(environment, {
    subscription,
    variables,
    onNext: (response) => held.events.push(response),
    onError: (error) => (held.error = error),
  });
  held.dispose = () => disposable.dispose();
  return held;
}

/**
 * The record the Store holds under an id, with the records it links to put in place and Relay's own keys (`__id`,
 * `__typename`, handles) left out: what a client built on this store has, without any reader in between.
 */
export function storedRecord(environment: Environment, dataID: string): any {
  const source = environment.getStore().getSource();
  const expand = (id: string): any => {
    const record = source.get(id);
    if (!record) return record;
    return Object.fromEntries(
      Object.entries(record)
        .filter(([key]) => !key.startsWith('__'))
        .map(([key, value]) => {
          if (value && typeof value === 'object' && '__ref' in value) return [key, expand(value.__ref as string)];
          if (value && typeof value === 'object' && '__refs' in value)
            return [key, (value.__refs as string[]).map(expand)];
          return [key, value];
        }),
    );
  };
  return expand(dataID);
}

/** The nodes of a connection as the Store holds them: its edges' nodes, in the order of the edges. */
export function storedNodes(environment: Environment, connectionID: string): any[] {
  const source = environment.getStore().getSource();
  const edges = (source.get(connectionID)?.edges as { __refs: string[] } | undefined)?.__refs ?? [];
  return edges.map((edgeID) => storedRecord(environment, (source.get(edgeID)!.node as { __ref: string }).__ref));
}
