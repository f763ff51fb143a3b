// The web client's documents, as web/src/gql/graphql.ts holds them (codegen.test.ts keeps it fresh), against
// schema.graphql: each is valid, reads no deprecated field (the Float prices went to Money, issue 22; other
// clients still read them), and takes every Money whole, since an amount has no id and a smaller selection
// replacing it in the cache would lose fields another screen reads.
import fs from 'node:fs';
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLError,
  type SelectionSetNode,
  Kind,
  NoDeprecatedCustomRule,
  NoUnusedFragmentsRule,
  TypeInfo,
  buildSchema,
  getNamedType,
  parse,
  specifiedRules,
  validate,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import * as generated from '../../web/src/gql/graphql.js';
import { queryLimitRules } from '../../gateway/src/security.js';

// @unmask is Apollo Client's own (data masking): the client strips it before sending.
const schema = buildSchema(
  `${fs.readFileSync('schema.graphql', 'utf8')}\ndirective @unmask(mode: String) on FRAGMENT_SPREAD`,
);

const documents = Object.entries(generated).filter(
  (entry): entry is [string, DocumentNode] => (entry[1] as Partial<DocumentNode>)?.kind === Kind.DOCUMENT,
);

// A fragment's own document holds only it: that nothing spreads it there is no fault.
const rules = [...specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule), NoDeprecatedCustomRule];
const problemsOf = (document: DocumentNode) =>
  validate(schema, document, rules).map((error: GraphQLError) => error.message);

const MONEY_FIELDS = ['amount', 'currencyCode', 'minorUnits'];

/** The fields a selection takes, through its fragments. */
function fieldNames(selectionSet: SelectionSetNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>): string[] {
  return selectionSet.selections.flatMap((selection) => {
    if (selection.kind === Kind.FIELD) return [selection.name.value];
    if (selection.kind === Kind.INLINE_FRAGMENT) return fieldNames(selection.selectionSet, fragments);
    const fragment = fragments.get(selection.name.value);
    return fragment ? fieldNames(fragment.selectionSet, fragments) : [];
  });
}

/** Each selection of a Money that misses some of its fields: "CartContents: total { amount }". */
function partialMoney(document: DocumentNode): string[] {
  const fragments = new Map(
    document.definitions
      .filter((node) => node.kind === Kind.FRAGMENT_DEFINITION)
      .map((node) => [node.name.value, node]),
  );
  const typeInfo = new TypeInfo(schema);
  const partial: string[] = [];
  let definition = '';
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      OperationDefinition: (node) => void (definition = node.name?.value ?? 'anonymous'),
      FragmentDefinition: (node) => void (definition = node.name.value),
      Field(node) {
        const type = typeInfo.getType();
        if (!type || getNamedType(type).name !== 'Money' || !node.selectionSet) return;
        const taken = fieldNames(node.selectionSet, fragments);
        if (MONEY_FIELDS.some((field) => !taken.includes(field)))
          partial.push(`${definition}: ${node.name.value} { ${taken.join(' ')} }`);
      },
    }),
  );
  return partial;
}

describe('the web client’s documents', () => {
  it('are there to check: every operation and fragment', () => {
    expect(documents.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'CartPageDocument',
        'CheckoutDocument',
        'CartContentsFragmentDoc',
        'LiveProductUpdatedDocument',
      ]),
    );
  });

  it.each(documents)('%s is valid and reads no deprecated field', (_name, document) => {
    expect(problemsOf(document)).toEqual([]);
  });

  it.each(documents)('%s takes each Money whole (amount, currencyCode, minorUnits)', (_name, document) => {
    expect(partialMoney(document)).toEqual([]);
  });
});

// What the web app sends, by hash: the documents as the gateway runs them (with __typename, without @unmask).
const persisted = Object.entries(
  JSON.parse(fs.readFileSync('web/src/gql/persisted-documents.json', 'utf8')) as Record<string, string>,
).map(([hash, text]) => [/(?:query|mutation|subscription) (\w+)/.exec(text)?.[1] ?? hash, text] as const);

describe('the web client’s documents as it sends them', () => {
  it.each(persisted)('%s is within the gateway’s limits on depth, aliases and directives', (_name, text) => {
    const refusals = validate(buildSchema(fs.readFileSync('schema.graphql', 'utf8')), parse(text), [
      ...queryLimitRules({ introspection: false }),
    ]);
    expect(refusals.map((error) => error.message)).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('find a deprecated price, and a Money taken in part', () => {
    const document = parse('query Old { product(id: "1") { price unitPrice { amount } } }');
    expect(problemsOf(document)).toEqual([
      'The field Product.price is deprecated. Use unitPrice: exact, and it names its currency.',
    ]);
    expect(partialMoney(document)).toEqual(['Old: unitPrice { amount }']);
  });
});
