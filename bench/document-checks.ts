// How long the gateway's checks take on the worst documents we know of, in this process: the checks that run before
// Apollo Server reads a document over HTTP (size, tokens, shape), then, for what passes them, graphql-js's validation
// with the shop's limits and the cost — all that runs before anything executes. Hostile documents must be refused,
// and the heaviest admitted ones validated, in a few milliseconds each.
import { type DocumentNode, parse, specifiedRules, validate } from 'graphql';
import { loadSchema } from '../gateway/src/app.js';
import { costRefusal } from '../gateway/src/query-cost.js';
import { createDocumentScreen, parseOptions, queryLimitRules } from '../gateway/src/security.js';

const USER_FIELDS = ['id', 'username', 'email', 'firstName', 'lastName', 'phoneNumber', 'address', 'createdAt', 'isAdmin', 'roles', 'unreadMessageCount', '__typename'];

const fragmentBomb = (leaf: string) => {
  let text = `query Q { ...F4 } fragment F0 on Query { ${leaf} } `;
  for (let n = 1; n <= 4; n += 1) text += `fragment F${n} on Query { ${`...F${n - 1} `.repeat(100)}} `;
  return text;
};

/** Fj spreads Fj+1 and every fragment before it: walked spread out, every path through the cycles (30! of them). */
const fragmentChain = (length: number) => {
  let text = `query Q { ...F1 ...F${length} } `;
  for (let j = 1; j <= length; j += 1) {
    const spreads = [...(j < length ? [`...F${j + 1}`] : []), ...Array.from({ length: j - 1 }, (_, i) => `...F${i + 1}`)];
    text += `fragment F${j} on Query { x${j}: viewer { id ${spreads.join(' ')} } } `;
  }
  return text;
};

/** Each a document an attacker might send, most of them refused; the last ones the heaviest the limits admit. */
export const HOSTILE_DOCUMENTS: Record<string, string> = {
  fragment_bomb: fragmentBomb('__typename'),
  fragment_bomb_objects: fragmentBomb('viewer { id }'),
  fragment_cycles: fragmentChain(30),
  same_field_side_by_side: `{ ${'viewer { id } '.repeat(390)}}`,
  nested_same_fields: `{ ${'viewer { cart { items { quantity } } } '.repeat(150)}}`,
  many_fragments_one_place: `{ viewer { ${Array.from({ length: 150 }, (_, i) => `...G${i}`).join(' ')} } } ${Array.from({ length: 150 }, (_, i) => `fragment G${i} on User { ${USER_FIELDS[i % USER_FIELDS.length]} }`).join(' ')}`,
  megabyte_of_comments: `${'# padding padding padding padding padding padding padding padding\n'.repeat(15_000)}{ viewer { id } }`,
  too_many_tokens: `{ viewer { ${'id '.repeat(2_500)}} }`,
  admitted_ten_viewers: `{ ${Array.from({ length: 10 }, () => `viewer { ${USER_FIELDS.slice(0, 10).join(' ')} cart { id items { quantity product { id name price } } } preferences { language timezone } }`).join(' ')} }`,
  admitted_thirty_fragments: `{ viewer { ${Array.from({ length: 30 }, (_, i) => `...H${i}`).join(' ')} } } ${Array.from({ length: 30 }, (_, i) => `fragment H${i} on User { ${USER_FIELDS[i % USER_FIELDS.length]} }`).join(' ')}`,
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
    Math.max(...Object.entries(byDocument).filter(([name]) => refusedEarly.includes(name) === refused).map(([, ms]) => ms));
  return { byDocument, worstRefusalMs: worst(true), worstAdmittedMs: worst(false), refusedEarly };
}
