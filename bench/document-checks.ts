// How long the gateway's checks take on the worst documents we know of, in this process: the checks that run before
// Apollo Server reads a document over HTTP (size, tokens, shape), then, for what passes them, graphql-js's validation
// with the shop's limits and the cost — all that runs before anything executes. Hostile documents must be refused,
// and the heaviest admitted ones validated, in a few milliseconds each.
import { type DocumentNode, parse, specifiedRules, validate } from 'graphql';
import { loadSchema } from '../gateway/src/app.js';
import { costRefusal } from '../gateway/src/query-cost.js';
import { createDocumentScreen, parseOptions, queryLimitRules } from '../gateway/src/security.js';
import { USER_FIELDS, fragmentBomb, fragmentChain, fragmentsInOnePlace } from '../tests/helpers/hostile-documents.js';

/** Each a document an attacker might send, most of them refused; the last ones the heaviest the limits admit. */
export const HOSTILE_DOCUMENTS: Record<string, string> = {
  fragment_bomb: fragmentBomb('__typename'),
  fragment_bomb_objects: fragmentBomb('viewer { id }'),
  fragment_cycles: fragmentChain(30),
  same_field_side_by_side: `{ ${'viewer { id } '.repeat(390)}}`,
  nested_same_fields: `{ ${'viewer { cart { items { quantity } } } '.repeat(150)}}`,
  many_fragments_one_place: fragmentsInOnePlace(150, 'G'),
  megabyte_of_comments: `${'# padding padding padding padding padding padding padding padding\n'.repeat(15_000)}{ viewer { id } }`,
  too_many_tokens: `{ viewer { ${'id '.repeat(2_500)}} }`,
  admitted_ten_viewers: `{ ${Array.from({ length: 10 }, () => `viewer { ${USER_FIELDS.slice(0, 10).join(' ')} cart { id items { quantity product { id name price } } } preferences { language timezone } }`).join(' ')} }`,
  admitted_thirty_fragments: fragmentsInOnePlace(30, 'H'),
  admitted_many_operations: Array.from({ length: 150 }, (_, i) => `query Q${i} { viewer { id } }`).join(' '),
};

export interface DocumentCheckTimes {
  /** Milliseconds per document: the median of the runs (each run with a fresh screen, nothing remembered). */
  byDocument: Record<string, number>;
  /** The slowest of the refused documents, and of the admitted ones (validated and priced in full). */
  worstRefusalMs: number;
  worstAdmittedMs: number;
  /** Which were refused before validation, by the checks whose work is bounded. */
  refusedEarly: string[];
}

const WARM_UP_RUNS = 5;

export function measureDocumentChecks(runs = 21): DocumentCheckTimes {
  const schema = loadSchema();
  const rules = [...specifiedRules, ...queryLimitRules({ introspection: true })];
  const byDocument: Record<string, number> = {};
  const refusedEarly: string[] = [];
  for (const [name, text] of Object.entries(HOSTILE_DOCUMENTS)) {
    const times: number[] = [];
    for (let run = -WARM_UP_RUNS; run < runs; run += 1) {
      const screen = createDocumentScreen();
      const started = performance.now();
      const refusal = screen(text);
      if (!refusal) {
        const document: DocumentNode = parse(text, parseOptions);
        if (validate(schema, document, rules).length === 0) costRefusal(schema, document, undefined, {});
      } else if (run === 0) refusedEarly.push(name);
      if (run >= 0) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    byDocument[name] = times[Math.floor(times.length / 2)]!;
  }
  const worst = (refused: boolean) =>
    Math.max(
      ...Object.entries(byDocument)
        .filter(([name]) => refusedEarly.includes(name) === refused)
        .map(([, ms]) => ms),
    );
  return { byDocument, worstRefusalMs: worst(true), worstAdmittedMs: worst(false), refusedEarly };
}
