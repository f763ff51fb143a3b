// How this service speaks HTTP on every route: JSON bodies only, empty query parameters as absent, no NUL in any
// text, and every error as `{ message, code, field? }` (http-errors.ts) with a fitting status — never a stack.
import type { FastifyError, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { echoRequestId } from '../../../config/server.js';
import { type ErrorCode, HttpError } from '../shared/http-errors.js';
import { fieldWithNul } from '../shared/validation.js';

/**
 * Clear texts for the framework's own 4xx errors, with their codes; every other error keeps what it was thrown with.
 */
const FRAMEWORK_ERRORS: Record<string, { message: string; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    message: 'Unsupported content type: send JSON with Content-Type: application/json',
    code: 'UNSUPPORTED_MEDIA_TYPE',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { message: 'Content-Length does not match the body', code: 'MALFORMED_REQUEST' },
  FST_ERR_CTP_EMPTY_TYPE: { message: 'Content-Type must not be empty', code: 'UNSUPPORTED_MEDIA_TYPE' },
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The one type of body a route reads when it is not JSON (a CSV import's text/csv): its 415 says so. */
    bodyType?: string;
    /** What a route that reads other types than JSON answers a body of another (a picture upload's). */
    wrongBodyType?: string;
    /** What a route answers a body over its limit, when it says more than the limit (a picture upload's). */
    bodyTooLarge?: string;
  }
}

/** PostgreSQL's foreign_key_violation, SQLite's SQLITE_CONSTRAINT_FOREIGNKEY. */
const isForeignKeyViolation = (error: { code?: string }) =>
  error.code === '23503' || error.code === 'SQLITE_CONSTRAINT_FOREIGNKEY';

/** The extensions named in every answer's Contract-Extensions header. */
export const CONTRACT_EXTENSIONS =
  'checkout-integrity, order-history, two-way-paging, product-keyset, email-verification, cart-limits, product-sku, line-products, caller-username, messages-room, product-sort, product-search, product-categories, product-facets, product-low-stock, product-csv, product-pictures, buyer-cancellation, order-again, address-book, shipping, tax, payment, invoices, staff-roles, chat-links, two-factor, chat-blocking, chat-reports';

export interface HttpConventionsOptions {
  /** Send `code` and `field` beside `message` (an extension); false → `{ message }` only, as the plain contract. */
  errorDetails: boolean;
}

export const httpConventionsPlugin = fp<HttpConventionsOptions>(
  async (app, { errorDetails }) => {
    const sendError = (reply: FastifyReply, status: number, message: string, code: ErrorCode, field?: string) =>
      reply.code(status).send(errorDetails ? { message, code, ...(field ? { field } : {}) } : { message });

    echoRequestId(app);

    // What this service offers beyond the contract that its answers do not show by themselves: a client (the gateway)
    // reads it off any answer before relying on it. checkout-integrity: expectedTotal and Idempotency-Key on checkout;
    // order-history: GET /api/orders/:id/history (each move of an order, recorded with who made it);
    // email-verification: addresses are proven by an e-mailed link (POST /api/auth/verify-email, POST
    // /api/users/resend-email-verification, `emailVerified` on the profile), and nothing else goes to one not proven.
    // cart-limits: the cart keeps shop-rules' limits itself (lines, and a total within what the graph carries), so
    // nobody checks first. product-sku: products take and answer a `sku` (unique in any case), order lines keep it,
    // and the name filter and the order search find it. line-products: a cart's and an order's lines carry their
    // product as it is now (products/line-products.ts). caller-username: every answer to a logged-in caller names
    // them in a Caller-Username header (app.ts). product-sort: the product lists take `sort`
    // (shop-rules/product-sorts.ts). product-search: /api/products/filter takes `search`, words found in the name, SKU
    // and description, and answers a page with where they are (rest/src/db/search). product-categories:
    // /api/categories, a product's `categoryIds`, and `category` on /api/products/filter (rest/src/categories).
    // product-csv: admins export the catalogue as CSV and import it back, previewed first (products/product-csv.ts).
    // product-pictures: admins upload pictures (POST /api/pictures), served resized at /images/uploads (pictures/).
    // buyer-cancellation: POST /api/orders/:id/cancel, the buyer cancels their own order while it is PENDING.
    // order-again: POST /api/orders/:id/order-again puts an old order's lines into the buyer's cart.
    // address-book: /api/users/addresses, each account's addresses in parts, each with its printed form.
    // shipping: /api/shipping-methods (admins manage them, rates by country), checkout's shippingMethodId and
    // shippingCountry, and each order's subtotal, shippingCost, shippingMethod and shippingCountry.
    // tax: /api/tax-rates and /api/settings/tax (admins set rates by country and category, and whether prices include
    // tax), GET /api/cart/charges, and each order's tax, taxGroups and pricesIncludeTax.
    if (errorDetails) {
      app.addHook('onRequest', (_request, reply, done) => {
        reply.header('contract-extensions', CONTRACT_EXTENSIONS);
        done();
      });
    }

    // JSON only: a body sent as text/plain is refused as an unsupported type rather than read as a string.
    app.removeContentTypeParser('text/plain');

    // An empty JSON body (a DELETE sent with Content-Type: application/json) is no body, not an error.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (body === '') return done(null, undefined);
      parseJson(request, body as string, done);
    });

    app.addHook('preValidation', (request, _reply, done) => {
      // An empty query parameter (an untouched filter field) means "not given".
      const query = request.query as Record<string, unknown> | undefined;
      if (query) for (const [key, value] of Object.entries(query)) if (value === '') delete query[key];
      // PostgreSQL cannot store NUL in text (SQLite can): refused everywhere alike, before any query runs.
      const field = fieldWithNul(request.params) ?? fieldWithNul(request.query) ?? fieldWithNul(request.body);
      if (field)
        throw new HttpError(
          400,
          `${field.label} must not contain NUL characters`,
          'INVALID_INPUT',
          field.key || undefined,
        );
      done();
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) return sendError(reply, error.statusCode, error.message, error.code, error.field);
      // Something the request refers to was deleted between reading and writing (a product added to a cart while an
      // admin deletes it): the database's foreign keys refuse the write, and the answer is what it would be a moment
      // later.
      if (isForeignKeyViolation(error))
        return sendError(reply, 404, 'Something this request refers to no longer exists', 'GONE_MEANWHILE');
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return sendError(reply, 500, 'Internal server error', 'INTERNAL_ERROR');
      }
      if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        // Valid JSON with a __proto__ or constructor.prototype key is refused too (prototype poisoning).
        const message = /prototype property/.test(error.message)
          ? 'Request body must not contain __proto__ or constructor.prototype keys'
          : 'Request body is not valid JSON';
        return sendError(reply, 400, message, 'MALFORMED_REQUEST');
      }
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        const limit = (request.routeOptions.bodyLimit ?? 1024 * 1024) / 1024 / 1024;
        const message =
          request.routeOptions.config?.bodyTooLarge ?? `Request body is too large: the limit is ${limit} MB`;
        return sendError(reply, 413, message, 'BODY_TOO_LARGE');
      }
      // A route that reads another type than JSON (a CSV import) names it in its config.
      const { bodyType, wrongBodyType } = request.routeOptions.config ?? {};
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' && (bodyType || wrongBodyType))
        return sendError(
          reply,
          415,
          wrongBodyType ?? `Unsupported content type: send the file with Content-Type: ${bodyType}`,
          'UNSUPPORTED_MEDIA_TYPE',
        );
      const known = FRAMEWORK_ERRORS[error.code];
      return sendError(reply, status, known?.message ?? error.message, known?.code ?? 'MALFORMED_REQUEST');
    });

    app.setNotFoundHandler((request, reply) =>
      sendError(reply, 404, `No such endpoint: ${request.method} ${request.url.split('?')[0]}`, 'NO_SUCH_ENDPOINT'),
    );
  },
  { name: 'http-conventions' },
);
