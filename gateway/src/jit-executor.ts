// graphql-jit as Apollo Server's executor: each operation is compiled once into a JavaScript function that resolves
// exactly its fields, instead of graphql-js walking the document and the schema again for every request (graphql-js's
// execution was about 13 % of the gateway's CPU per request). Plugged in through Apollo Server's documented `gateway`
// option (load() gives the schema and the executor), so parsing, validation, the document cache, every plugin hook
// (didResolveOperation, responseForOperation, executionDidStart, willSendResponse) and formatError run as before:
// only the step that runs the resolvers changes.
//
// What stays on graphql-js, whose answers graphql-jit does not give identically:
// - the variables' coercion: graphql-js's getVariableValues runs first, so a refused variable reads word for word as
//   before (graphql-jit's messages differ). graphql-jit then coerces the coerced values again (it has no option not
//   to), which changes nothing for the graph's inputs: the built-in scalars, Decimal (text in, the same text out),
//   enums whose values are their names, input objects and lists. A scalar whose parseValue does not take its own
//   output (text in, a Date out) would break here: jit-executor.test.ts fails on any new scalar until it is checked;
// - documents with @skip or @include: graphql-jit writes their conditions onto the document's own field nodes, so a
//   fragment spread in two places would carry both places' conditions (graphql-jit's pull request 197); none
//   of the shop's documents uses them;
// - introspection (`__schema`, `__type`), subscriptions (refused over HTTP before execution anyway), a document whose
//   operation Apollo Server could not pick (graphql-js says why), and anything graphql-jit refuses to compile;
// - an operation's first runs (GRAPHQL_JIT_COMPILE_AFTER, 1 by default): compiling one of the web's documents takes
//   0.1 to 2.5 ms, about what a whole request costs, so a stream of one-off documents is not compiled; the shop's own
//   are by their second run.
// Sockets (subscriptions.ts) run graphql-js as before.
import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';
import {
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
  BREAK,
  execute,
  getVariableValues,
  printSchema,
  visit,
} from 'graphql';
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';

type GatewayInterface = ApolloServerOptionsWithGateway<BaseContext>['gateway'];
type GatewayExecutor = NonNullable<Awaited<ReturnType<GatewayInterface['load']>>['executor']>;

/** graphql-js's own bound on a request's variable errors (execute's buildExecutionContext). */
const MAX_VARIABLE_ERRORS = 50;

export interface JitExecutorOptions {
  /** Runs of an operation on graphql-js before it is compiled (GRAPHQL_JIT_COMPILE_AFTER); 0: at its first. */
  compileAfter: number;
  /** Operations kept compiled (least recently used dropped first): trusted documents are a fixed set, well below. */
  maxOperations?: number;
  /** Told once per operation graphql-jit could not compile (which then runs on graphql-js). */
  log?: { warn(details: object, message: string): void };
}

/** Where an operation runs, kept per document and operation. */
interface OperationEntry {
  runs: number;
  /** The compiled operation; `false`: it runs on graphql-js. */
  compiled?: CompiledQuery | false;
}

/** Whether graphql-jit may run the document: no @skip or @include, no introspection. */
export function jitMayRun(document: DocumentNode): boolean {
  let may = true;
  visit(document, {
    Directive(node) {
      if (node.name.value === 'skip' || node.name.value === 'include') {
        may = false;
        return BREAK;
      }
      return undefined;
    },
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') {
        may = false;
        return BREAK;
      }
      return undefined;
    },
  });
  return may;
}

export interface JitExecutor {
  execute: GatewayExecutor;
  /** How many operations run compiled, and how many were left to graphql-js (for tests). */
  counts(): { compiled: number; interpreted: number };
}

export function createJitExecutor(schema: GraphQLSchema, options: JitExecutorOptions): JitExecutor {
  const operations = new LRUCache<string, OperationEntry>({ max: options.maxOperations ?? 500 });
  let compiledRuns = 0;
  let interpretedRuns = 0;

  const compile = (document: DocumentNode, operation: OperationDefinitionNode): CompiledQuery | false => {
    if (operation.operation === 'subscription' || !jitMayRun(document)) return false;
    const compiled = compileQuery(schema, document, operation.name?.value);
    if (isCompiledQuery(compiled)) return compiled;
    options.log?.warn(
      { operationName: operation.name?.value, errors: compiled.errors?.map((error) => error.message) },
      'graphql-jit could not compile an operation: it runs on graphql-js',
    );
    return false;
  };

  const compiledFor = (queryHash: string, document: DocumentNode, operation: OperationDefinitionNode) => {
    const key = `${queryHash}\u0000${operation.name?.value ?? ''}`;
    let entry = operations.get(key);
    if (!entry) {
      entry = { runs: 0 };
      operations.set(key, entry);
    }
    if (entry.compiled === undefined && entry.runs >= options.compileAfter)
      entry.compiled = compile(document, operation);
    entry.runs += 1;
    return entry.compiled || undefined;
  };

  const execute_: GatewayExecutor = async ({ document, operation, request, context, queryHash }) => {
    // Apollo Server found no single operation to run: graphql-js answers why, as it did.
    const compiled = operation ? compiledFor(queryHash, document, operation) : undefined;
    if (!compiled) {
      interpretedRuns += 1;
      return execute({
        schema,
        document,
        contextValue: context,
        variableValues: request.variables,
        operationName: request.operationName,
      }) as Promise<ExecutionResult>;
    }
    compiledRuns += 1;
    const variables = getVariableValues(schema, operation.variableDefinitions ?? [], request.variables ?? {}, {
      maxErrors: MAX_VARIABLE_ERRORS,
    });
    if (variables.errors) return { errors: variables.errors };
    const result = await compiled.query(undefined, context, variables.coerced);
    // In graphql-js's order (errors first), so that the answer's text is the same too.
    return result.errors?.length ? { errors: result.errors, data: result.data } : { data: result.data };
  };

  return {
    execute: execute_,
    counts: () => ({ compiled: compiledRuns, interpreted: interpretedRuns }),
  };
}

/**
 * The schema and its executor as Apollo Server's `gateway` option: the documented way to give it an executor of one's
 * own (in place of `schema`). The schema never changes while the gateway runs.
 */
export function jitGateway(schema: GraphQLSchema, executor: JitExecutor): GatewayInterface {
  return {
    onSchemaLoadOrUpdate(callback) {
      // Apollo Server registers this before load() and reads the schema right after it: it is told at once.
      callback({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return () => undefined;
    },
    load: async () => ({ executor: executor.execute }),
    stop: async () => undefined,
  };
}
