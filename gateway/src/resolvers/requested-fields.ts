// Which fields a query asks of the object a resolver returns, so a reference that is only asked for its id
// (a cart line's product on the cart screen) costs no upstream call.
import type { FieldNode, GraphQLResolveInfo, SelectionSetNode } from 'graphql';

function collect(selectionSet: SelectionSetNode | undefined, info: GraphQLResolveInfo, into: Set<string>): void {
  for (const selection of selectionSet?.selections ?? []) {
    if (selection.kind === 'Field') into.add(selection.name.value);
    else if (selection.kind === 'InlineFragment') collect(selection.selectionSet, info, into);
    else collect(info.fragments[selection.name.value]?.selectionSet, info, into);
  }
}

export function requestedFields(info: GraphQLResolveInfo): Set<string> {
  const fields = new Set<string>();
  for (const node of info.fieldNodes as readonly FieldNode[]) collect(node.selectionSet, info, fields);
  return fields;
}

export function onlyIdRequested(info: GraphQLResolveInfo): boolean {
  for (const field of requestedFields(info)) if (field !== 'id' && field !== '__typename') return false;
  return true;
}
