// What a document asks once its fragments are spread, checked before anything else looks at it: how many fields
// (`maxSelections`) and how often one field is asked at one place (`maxRepeats`). Both guard the checks after
// them. A fragment spread a hundred times, in fragments spread a hundred times, asks for 10⁸ fields in 2.5 KB; and
// graphql-js's validation compares every two fields asked at the same place (OverlappingFieldsCanBeMerged), so
// 390 `viewer { id }` side by side keep it busy for about 100 ms. Each fragment's size is counted once here, so
// this check's own work is linear in the document; the spread-out tree is walked only once it is known to be small.
import {
  type DocumentNode,
  type ExecutableDefinitionNode,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type SelectionSetNode,
} from 'graphql';
import { limitRefusal } from './limit-refusal.js';

export const SHAPE_LIMITS = {
  /** Fields of a document with its fragments spread; the largest screen query asks for about 120. */
  maxSelections: 1000,
  /**
   * The same field asked at one place: the web's queries ask one at most 3 times, but a client that spreads many
   * fragments in one place asks `id` or `__typename` once in each (Relay and Apollo Client both do).
   */
  maxRepeats: 30,
  /** Fragments spread at one place: validation compares every two of them. */
  maxFragmentsPerPlace: 30,
};

/** What the check did, for tests: how many selections it visited (its work), and how many fields it found. */
export interface ShapeReport {
  refusal: GraphQLError | undefined;
  visits: number;
  selections: number;
}

/** A fragment spreading itself is invalid GraphQL, not a limit: graphql-js's own code. */
const invalid = (message: string) => new GraphQLError(message, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });

const responseName = (field: { alias?: { value: string } | undefined; name: { value: string } }) =>
  field.alias?.value ?? field.name.value;

/** The walk of the spread-out document may take at most this many steps per field allowed; then it stops, refusing. */
const STEPS_PER_SELECTION = 20;

/** The fragments a selection set spreads, at any depth within it (not through other fragments); `step` counts. */
function spreadsIn(selectionSet: SelectionSetNode, step: () => void, found: Set<string> = new Set()): Set<string> {
  for (const selection of selectionSet.selections) {
    step();
    if (selection.kind === Kind.FRAGMENT_SPREAD) found.add(selection.name.value);
    else if (selection.selectionSet) spreadsIn(selection.selectionSet, step, found);
  }
  return found;
}

/**
 * A fragment that spreads itself, through others or directly, as graphql-js's NoFragmentCycles words it; undefined
 * when there is none. One depth-first pass over the fragments: each is finished once, whatever spreads it.
 */
function fragmentCycle(fragments: ReadonlyMap<string, FragmentDefinitionNode>, step: () => void): string | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (name: string): string | undefined => {
    const fragment = fragments.get(name);
    if (!fragment || state.get(name) === 'done') return undefined;
    if (state.get(name) === 'open') {
      const via = path.slice(path.indexOf(name) + 1);
      return `Cannot spread fragment "${name}" within itself${via.length > 0 ? ` via ${via.map((each) => `"${each}"`).join(', ')}` : ''}.`;
    }
    state.set(name, 'open');
    path.push(name);
    for (const spread of spreadsIn(fragment.selectionSet, step)) {
      const cycle = visit(spread);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(name, 'done');
    return undefined;
  };
  for (const name of fragments.keys()) {
    const cycle = visit(name);
    if (cycle) return cycle;
  }
  return undefined;
}

export function measureShape(document: DocumentNode, limits = SHAPE_LIMITS): ShapeReport {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  let visits = 0;

  // A cycle is refused first: walked spread out, fragments that spread each other have no end.
  const cycle = fragmentCycle(fragments, () => (visits += 1));
  if (cycle) return { refusal: invalid(cycle), visits, selections: 0 };

  // Fields of a selection set with its fragments spread; each fragment counted once. Sums may grow past any limit:
  // they are only compared with it.
  const fragmentSizes = new Map<string, number>();
  const sizeOf = (selectionSet: SelectionSetNode): number => {
    let size = 0;
    for (const selection of selectionSet.selections) {
      visits += 1;
      if (selection.kind === Kind.FIELD) size += 1 + (selection.selectionSet ? sizeOf(selection.selectionSet) : 0);
      else if (selection.kind === Kind.INLINE_FRAGMENT) size += sizeOf(selection.selectionSet);
      else size += fragmentSize(selection.name.value);
    }
    return size;
  };
  const fragmentSize = (name: string): number => {
    const known = fragmentSizes.get(name);
    if (known !== undefined) return known;
    const fragment = fragments.get(name);
    const size = fragment ? sizeOf(fragment.selectionSet) : 0;
    fragmentSizes.set(name, size);
    return size;
  };

  // Validation looks at every operation, and at fragments no operation spreads: each is a root here.
  const spreadByOperations = new Set<string>();
  const markSpread = (selectionSet: SelectionSetNode) => {
    for (const selection of selectionSet.selections) {
      visits += 1;
      if (selection.kind === Kind.FIELD) {
        if (selection.selectionSet) markSpread(selection.selectionSet);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) markSpread(selection.selectionSet);
      else if (!spreadByOperations.has(selection.name.value)) {
        spreadByOperations.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) markSpread(fragment.selectionSet);
      }
    }
  };
  for (const definition of document.definitions)
    if (definition.kind === Kind.OPERATION_DEFINITION) markSpread(definition.selectionSet);
  const roots = document.definitions.filter(
    (definition): definition is ExecutableDefinitionNode =>
      definition.kind === Kind.OPERATION_DEFINITION ||
      (definition.kind === Kind.FRAGMENT_DEFINITION && !spreadByOperations.has(definition.name.value)),
  );

  let selections = 0;
  for (const root of roots) selections += sizeOf(root.selectionSet);
  if (selections > limits.maxSelections) {
    return {
      refusal: limitRefusal(
        `The document asks for ${selections} fields once its fragments are spread; at most ${limits.maxSelections} are allowed`,
        'MAX_FIELDS',
        { limit: limits.maxSelections, actual: selections },
      ),
      visits,
      selections,
    };
  }

  // Now small and without cycles: walk it spread out, counting the fields asked at each place (the path of response
  // names) and the fragments spread there. The walk's own steps are bounded too, whatever the document holds.
  const maxVisits = visits + STEPS_PER_SELECTION * limits.maxSelections;
  const tooComplex = limitRefusal(
    'The document is too complex to check: spread fewer fragments, or nest fewer inline fragments',
    'MAX_SHAPE_STEPS',
    {
      limit: STEPS_PER_SELECTION * limits.maxSelections,
    },
  );
  for (const root of roots) {
    const repeats = new Map<string, number>();
    const walk = (selectionSet: SelectionSetNode, path: string): GraphQLError | undefined => {
      for (const selection of selectionSet.selections) {
        visits += 1;
        if (visits > maxVisits) return tooComplex;
        let found: GraphQLError | undefined;
        if (selection.kind === Kind.FIELD) {
          const place = `${path}${path ? '.' : ''}${responseName(selection)}`;
          const times = (repeats.get(place) ?? 0) + 1;
          repeats.set(place, times);
          if (times > limits.maxRepeats) {
            return limitRefusal(
              `The field "${place}" is asked for more than ${limits.maxRepeats} times in one place; ask for it once`,
              'MAX_FIELD_REPEATS',
              {
                limit: limits.maxRepeats,
              },
            );
          }
          if (selection.selectionSet) found = walk(selection.selectionSet, place);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) found = walk(selection.selectionSet, path);
        else {
          // Every fragment spread at this place (from any level of fragments) counts towards one number.
          const place = `${path}...`;
          const spreads = (repeats.get(place) ?? 0) + 1;
          repeats.set(place, spreads);
          if (spreads > limits.maxFragmentsPerPlace) {
            return limitRefusal(
              `More than ${limits.maxFragmentsPerPlace} fragments are spread in one place${path ? ` ("${path}")` : ''}; spread fewer`,
              'MAX_FRAGMENT_SPREADS',
              { limit: limits.maxFragmentsPerPlace },
            );
          }
          const fragment = fragments.get(selection.name.value);
          if (fragment) found = walk(fragment.selectionSet, path);
        }
        if (found) return found;
      }
      return undefined;
    };
    const found = walk(root.selectionSet, '');
    if (found) return { refusal: found, visits, selections };
  }
  return { refusal: undefined, visits, selections };
}

/** The refusal of a document too large once spread, or asking one field too often in one place; undefined when fine. */
export const shapeRefusal = (document: DocumentNode): GraphQLError | undefined => measureShape(document).refusal;
