// What an operation may cost, priced once its variables are known: about how many objects its answer may hold.
// A page of n holds n times what one of its items does (its `edges` or `nodes`; `pageInfo` once), however n is
// given: written in the document (`last: 50`, as Relay writes page sizes), passed as a variable (`last: $n`), the
// variable's default, or left to the argument's default in the schema. Validation cannot see variables, so this
// runs just before execution — still before any resolver or REST call — over HTTP (an Apollo plugin) and over
// sockets alike.
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLError,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  Kind,
  type SelectionSetNode,
  getArgumentValues,
  getNamedType,
  getOperationAST,
  getVariableValues,
  isInterfaceType,
  isObjectType,
} from 'graphql';
import { limitRefusal } from './limit-refusal.js';
import { defaultPageSizeOf } from './page-size.js';

/** About how many objects an answer may hold: the screens ask for a few hundred at most. */
export const MAX_QUERY_COST = 5000;

type Variables = Readonly<Record<string, unknown>> | undefined;

/** The page sizes of connections: `first` forwards, `last` backwards. */
const PAGE_SIZE_ARGUMENTS = new Set(['first', 'last']);

/**
 * The page size a field asks for, as execution will see it: written in the document, passed as a variable, the
 * variable's default, or the argument's default in the schema (`chatRoomConnection(first: Int = 20)` in earlier
 * releases); a connection asked for neither `first` nor `last` pages the resolvers' default (`defaultPageSizeOf`);
 * 1 for other fields. The larger, if both are given.
 */
function pageSize(
  field: FieldNode,
  parent: GraphQLNamedType | undefined,
  definition: GraphQLField<unknown, unknown> | undefined,
  variables: Record<string, unknown>,
): number {
  const argumentsOfPage = definition?.args.filter((candidate) => PAGE_SIZE_ARGUMENTS.has(candidate.name)) ?? [];
  if (!definition || argumentsOfPage.length === 0) return 1;
  let values: Record<string, unknown>;
  try {
    values = getArgumentValues(definition, field, variables);
  } catch {
    // A value execution would refuse anyway (a string for an Int): priced as the default page.
    values = {};
  }
  const sizes = argumentsOfPage
    .map((argument) => values[argument.name] ?? argument.defaultValue)
    .filter((size): size is number => typeof size === 'number' && Number.isFinite(size));
  const size = sizes.length > 0 ? Math.max(...sizes) : defaultPageSizeOf(parent?.name, definition.name);
  return size > 1 ? size : 1;
}

/** The items of a page: what its size multiplies. */
const PAGE_ITEMS = new Set(['edges', 'nodes']);

interface Pricing {
  schema: GraphQLSchema;
  fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  visiting: Set<string>;
  /**
   * Each fragment's price, by fragment and the page size its spread sits in (the only thing from outside that
   * changes it): a fragment spread a hundred times is priced once, not a hundred times (nor 10⁸ times, nested).
   */
  fragmentPrices: Map<string, number>;
}

function fieldDefinition(
  parent: GraphQLNamedType | undefined,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  return isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;
}

function selectionCost(
  selectionSet: SelectionSetNode,
  parent: GraphQLNamedType | undefined,
  pricing: Pricing,
  itemsPerPage = 1,
): number {
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      // Scalars come with their object; every object counts one, each item of a page as many times as the page holds.
      if (!selection.selectionSet) continue;
      const definition = fieldDefinition(parent, selection.name.value);
      const type = definition ? getNamedType(definition.type) : undefined;
      const times = PAGE_ITEMS.has(selection.name.value) ? itemsPerPage : 1;
      cost +=
        times *
        (1 +
          selectionCost(
            selection.selectionSet,
            type,
            pricing,
            pageSize(selection, parent, definition, pricing.variables),
          ));
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? pricing.schema.getType(selection.typeCondition.name.value) : parent;
      cost += selectionCost(selection.selectionSet, type, pricing, itemsPerPage);
    } else {
      cost += fragmentCost(selection.name.value, pricing, itemsPerPage);
    }
  }
  return cost;
}

function fragmentCost(name: string, pricing: Pricing, itemsPerPage: number): number {
  const key = `${name}:${itemsPerPage}`;
  const known = pricing.fragmentPrices.get(key);
  if (known !== undefined) return known;
  const fragment = pricing.fragments.get(name);
  // A fragment spreading itself is refused by validation; guard anyway.
  if (!fragment || pricing.visiting.has(name)) return 0;
  pricing.visiting.add(name);
  const cost = selectionCost(
    fragment.selectionSet,
    pricing.schema.getType(fragment.typeCondition.name.value),
    pricing,
    itemsPerPage,
  );
  pricing.visiting.delete(name);
  pricing.fragmentPrices.set(key, cost);
  return cost;
}

export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Variables,
): number {
  const operation = getOperationAST(document, operationName);
  if (!operation) return 0;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  // The variables as execution will see them, their defaults filled in; values it would refuse count as not given.
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], { ...variables }).coerced ?? {};
  const root = schema.getRootType(operation.operation) ?? undefined;
  return selectionCost(operation.selectionSet, root, {
    schema,
    fragments,
    variables: coerced,
    visiting: new Set(),
    fragmentPrices: new Map(),
  });
}

/**
 * The refusal of an operation whose price is over `limit` (MAX_QUERY_COST, or a caller's whole allowance where that is
 * smaller: such an operation could never run), or undefined when it may run.
 */
export function refusalOfCost(cost: number, limit = MAX_QUERY_COST): GraphQLError | undefined {
  if (cost <= limit) return undefined;
  return limitRefusal(
    `Query cost limit of ${limit} exceeded, found ${cost}: ask for smaller pages or fewer nested ones`,
    'MAX_COST',
    { limit, actual: cost },
  );
}

/** The refusal of an operation that costs too much, or undefined when it may run. */
export function costRefusal(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Variables,
): GraphQLError | undefined {
  return refusalOfCost(operationCost(schema, document, operationName, variables));
}
