// What an operation may cost, priced once its variables are known: about how many objects its answer may hold.
// A page of n holds n times what one of its items does (its `edges` or `nodes`; `pageInfo` once), whether n is
// written in the document (`last: 50`, as Relay writes page sizes) or passed as a
// variable (`last: $n`). Validation cannot see variables, so this runs just before execution — still before any
// resolver or REST call — over HTTP (an Apollo plugin) and over sockets alike.
import { type DocumentNode, type FieldNode, type FragmentDefinitionNode, GraphQLError, Kind, type SelectionSetNode, getOperationAST } from 'graphql';

/** About how many objects an answer may hold: the screens ask for a few hundred at most. */
export const MAX_QUERY_COST = 5000;

type Variables = Readonly<Record<string, unknown>> | undefined;

/** The page size a field asks for: its `first` or `last`, literal or variable; 1 for anything else. */
function pageSize(field: FieldNode, variables: Variables): number {
  for (const argument of field.arguments ?? []) {
    if (argument.name.value !== 'first' && argument.name.value !== 'last') continue;
    const value = argument.value;
    const size = value.kind === Kind.INT ? Number(value.value) : value.kind === Kind.VARIABLE ? Number(variables?.[value.name.value]) : NaN;
    return Number.isFinite(size) && size > 1 ? size : 1;
  }
  return 1;
}

/** The items of a page: what its size multiplies. */
const PAGE_ITEMS = new Set(['edges', 'nodes']);

function selectionCost(
  selectionSet: SelectionSetNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  variables: Variables,
  visiting: Set<string>,
  itemsPerPage = 1,
): number {
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      // Scalars come with their object; every object counts one, each item of a page as many times as the page holds.
      if (!selection.selectionSet) continue;
      const times = PAGE_ITEMS.has(selection.name.value) ? itemsPerPage : 1;
      cost += times * (1 + selectionCost(selection.selectionSet, fragments, variables, visiting, pageSize(selection, variables)));
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      cost += selectionCost(selection.selectionSet, fragments, variables, visiting, itemsPerPage);
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      // A fragment spreading itself is refused by validation; guard anyway.
      if (!fragment || visiting.has(name)) continue;
      visiting.add(name);
      cost += selectionCost(fragment.selectionSet, fragments, variables, visiting, itemsPerPage);
      visiting.delete(name);
    }
  }
  return cost;
}

export function operationCost(document: DocumentNode, operationName: string | null | undefined, variables: Variables): number {
  const operation = getOperationAST(document, operationName);
  if (!operation) return 0;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  return selectionCost(operation.selectionSet, fragments, variables, new Set());
}

/** The refusal of an operation that costs too much, or undefined when it may run. */
export function costRefusal(document: DocumentNode, operationName: string | null | undefined, variables: Variables): GraphQLError | undefined {
  const cost = operationCost(document, operationName, variables);
  if (cost <= MAX_QUERY_COST) return undefined;
  return new GraphQLError(`Query cost limit of ${MAX_QUERY_COST} exceeded, found ${cost}: ask for smaller pages or fewer nested ones`, {
    extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } },
  });
}
