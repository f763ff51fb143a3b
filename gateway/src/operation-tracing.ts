// A span per GraphQL operation (config/tracing.ts), named as OpenTelemetry's conventions for GraphQL say
// (`query ProductListing`), parent of the spans of the REST calls it makes. Over HTTP it is the request span's
// child; on a socket it starts its own trace.
import { type Context, ROOT_CONTEXT, type Span, SpanStatusCode, context, trace } from '@opentelemetry/api';
import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLFormattedError, OperationTypeNode } from 'graphql';
import { tracer, tracingOn } from '../../config/tracing.js';
import type { OperationTrace } from './rest/rest-client.js';

/** Starts an operation's span under `parent` and makes it the parent of the operation's REST calls. */
export function startOperationSpan(operationTrace: OperationTrace, parent: Context = ROOT_CONTEXT): Span {
  const span = tracer().startSpan('graphql operation', {}, parent);
  operationTrace.context = trace.setSpan(parent, span);
  return span;
}

/** Names the span once the operation is known. */
export function nameOperationSpan(
  span: Span,
  type: OperationTypeNode | undefined,
  name: string | null | undefined,
): void {
  span.updateName(`${type ?? 'operation'} ${name ?? 'anonymous'}`);
  if (type) span.setAttribute('graphql.operation.type', type);
  if (name) span.setAttribute('graphql.operation.name', name);
}

/** Ends the span, marked as failed when the answer carries errors (their codes as an attribute, not their messages). */
export function endOperationSpan(span: Span, errors: readonly GraphQLFormattedError[] | undefined): void {
  if (errors?.length) {
    const codes = [...new Set(errors.map((error) => String(error.extensions?.code ?? 'INTERNAL_SERVER_ERROR')))];
    span.setAttribute('graphql.error.codes', codes.join(','));
    // The codes only, never a message: a refused variable's message quotes the value sent (a password, say).
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
}

export const operationTracing: ApolloServerPlugin<{ trace: OperationTrace }> = {
  async requestDidStart({ contextValue }) {
    if (!tracingOn()) return;
    const span = startOperationSpan(contextValue.trace, contextValue.trace.context ?? context.active());
    return {
      async didResolveOperation({ operationName, operation }) {
        nameOperationSpan(span, operation?.operation, operationName);
      },
      async willSendResponse({ response }) {
        endOperationSpan(span, response.body.kind === 'single' ? response.body.singleResult.errors : undefined);
      },
    };
  },
};
