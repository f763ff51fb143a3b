// An operation shared by its address: /graphiql?query=…&variables=…&operationName=…, as GraphiQL's links have always
// been written and as the gateway sends a browser's GET of /graphql here with what it asked for. GraphiQL 5 reads none
// of it from the address itself: the page hands the document and variables to it (initialQuery, initialVariables: a
// tab of their own, or the open one that already holds them) and puts the cursor in the operation named, which
// GraphiQL then runs (Ctrl+Enter) and names its tab after (select-operation.tsx).

export interface SharedOperation {
  query?: string;
  variables?: string;
  operationName?: string;
}

/** What the address shares; a parameter that is absent or blank is left out, so the explorer opens as it would. */
export function sharedOperation(search: string): SharedOperation {
  const parameters = new URLSearchParams(search);
  const shared: SharedOperation = {};
  for (const name of ['query', 'variables', 'operationName'] as const) {
    const value = parameters.get(name);
    if (value?.trim()) shared[name] = value;
  }
  return shared;
}
