// What usePaginationFragment gives a component, with relay-runtime alone: the fragment's data read from the store,
// and loadNext / loadPrevious, which fetch the fragment's @refetchable pagination query with the variables Relay
// makes for it (the other direction's set to null; a node fragment's id) and let the @connection handler merge the
// page into the connection the store already holds.
import {
  type Environment,
  type GraphQLTaggedNode,
  type ReaderFragment,
  type SingularReaderSelector,
  fetchQuery,
  getFragment,
  getPaginationMetadata,
  getPaginationVariables,
  getRefetchMetadata,
  getSelector,
  getValueAtPath,
} from 'relay-runtime';

export interface PaginatedFragment {
  /** The fragment's data as the store holds it now. */
  read(): any;
  /** The connection inside it: `edges`, `pageInfo` and the other fields the fragment selects. */
  connection(): any;
  hasNext(): boolean;
  hasPrevious(): boolean;
  loadNext(count: number): Promise<void>;
  loadPrevious(count: number): Promise<void>;
}

export function paginationFragment(
  environment: Environment,
  fragmentNode: GraphQLTaggedNode,
  fragmentRef: unknown,
): PaginatedFragment {
  const fragment = getFragment(fragmentNode) as ReaderFragment;
  const { connectionPathInFragmentData, identifierField, paginationRequest, paginationMetadata } =
    getPaginationMetadata(fragment, fragment.name);
  const identifierVariable = getRefetchMetadata(fragment, fragment.name).identifierInfo?.identifierQueryVariableName;
  const selector = getSelector(fragment, fragmentRef) as SingularReaderSelector;
  const read = () => environment.lookup(selector).data as any;
  const connection = () => getValueAtPath(read(), connectionPathInFragmentData);

  async function load(direction: 'forward' | 'backward', count: number) {
    const { pageInfo } = connection();
    const cursor = direction === 'forward' ? pageInfo.endCursor : pageInfo.startCursor;
    // As react-relay does: the query's variables under the fragment's, the page's count and cursor on top.
    const variables = getPaginationVariables(
      direction,
      count,
      cursor,
      { ...selector.owner.variables, ...selector.variables },
      {},
      paginationMetadata,
    );
    if (identifierField && identifierVariable) variables[identifierVariable] = read()[identifierField];
    await fetchQuery(environment, paginationRequest, variables, { fetchPolicy: 'network-only' }).toPromise();
  }

  return {
    read,
    connection,
    hasNext: () => connection().pageInfo.hasNextPage === true,
    hasPrevious: () => connection().pageInfo.hasPreviousPage === true,
    loadNext: (count) => load('forward', count),
    loadPrevious: (count) => load('backward', count),
  };
}
