// The catalogue's files (issue 34), through the gateway: files travel beside the graph, not in it (as Shopify's
// staged uploads do), so the graph's 1 MB body limit and its JSON stay as they are. The browser only knows the
// gateway's origin; these routes pass its token and its file on to the REST service's extensions:
//   GET  /catalogue/products.csv             the export, streamed through (product-csv)
//   POST /catalogue/products.csv             a preview of importing the file (text/csv, at most 10 MB)
//   POST /catalogue/products.csv?confirm=…   the import itself
//   POST /catalogue/pictures                 a picture for products (JPEG, PNG or WebP, at most 10 MB;
//                                            product-pictures), answered with its address
// The answers and refusals are the REST service's own ({ message, code, field? }); uploaded pictures are then served
// at /images/uploads/… as the demo pictures are (demo-images.ts). Once an import is written, every
// gateway forgets its kept catalogue answers (CATALOGUE_IMPORTED), and the products it changed are published as
// productUpdated, so open product pages and carts follow (the first IMPORT_EVENTS_AT_MOST of them: a larger import
// is read afresh as pages are opened). A REST service without the extension (the plain contract) gets 501.
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ShopPubSub } from '../pubsub.js';
import type { RestProduct } from '../rest/contract.js';
import type { Caller, RestClient } from '../rest/rest-client.js';
import { ProductsApi } from '../rest/products-api.js';
import { UpstreamRejection, UpstreamUnavailable } from '../errors.js';
import { MAX_IMPORT_BYTES } from '../../../shop-rules/product-csv-columns.js';
import {
  MAX_PICTURE_BYTES,
  PICTURE_TOO_LARGE,
  PICTURE_TYPE_REFUSED,
  PICTURE_TYPES,
} from '../../../shop-rules/pictures.js';

/** What our REST service names its CSV export and import in its Contract-Extensions. */
export const PRODUCT_CSV = 'product-csv';
/** What our REST service names its picture uploads in its Contract-Extensions. */
export const PRODUCT_PICTURES = 'product-pictures';
export const CATALOGUE_FILE_PATH = '/catalogue/products.csv';
export const PICTURES_PATH = '/catalogue/pictures';
/** Changed products an import publishes as productUpdated at most. */
export const IMPORT_EVENTS_AT_MOST = 100;

const PASSED_HEADERS = ['content-type', 'content-disposition', 'cache-control'];

interface ImportAnswer {
  imported: boolean;
  created: number;
  updated: number;
  changes: { action: string; id: number | null }[];
}

const callerOf = (request: FastifyRequest): Caller => {
  const authorization = request.headers.authorization ?? '';
  return {
    token: /^Bearer /i.test(authorization) ? authorization.slice('Bearer '.length).trim() : undefined,
    requestId: request.id,
    clientAddress: request.ip,
  };
};

const refuse = (reply: FastifyReply, status: number, message: string, code: string, field?: string) =>
  reply.code(status).send({ message, code, ...(field ? { field } : {}) });

/** The most of a refused file read and dropped before its refusal is sent (nginx lets 11 MB through). */
const DRAINED_AT_MOST = 16 * 1024 * 1024;
const DRAIN_WAIT_MS = 10_000;

/**
 * Reads and drops what is left of a request's body, up to DRAINED_AT_MOST bytes and DRAIN_WAIT_MS: a file refused
 * for its size is refused before it is read, and a proxy still streaming it (nginx, which passes files on as they
 * arrive) would find the connection closed under it and answer 502 in its own words instead of the refusal.
 */
function drainBody(request: FastifyRequest): Promise<void> {
  const body = request.raw;
  if (body.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      clearTimeout(timer);
      body.off('data', count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAINED_AT_MOST) done();
    };
    const timer = setTimeout(done, DRAIN_WAIT_MS);
    body.on('data', count);
    body.once('end', done);
    body.once('error', done);
    body.once('close', done);
    body.resume();
  });
}

export const catalogueFilesPlugin: FastifyPluginAsync<{ rest: RestClient; pubsub: ShopPubSub }> = async (
  app,
  { rest, pubsub },
) => {
  /** Whether the REST service offers the extension (asked by any answer, as the graph's fields ask it). */
  const offered = (caller: Caller, extension: string) => new ProductsApi(rest, caller).offers(extension);
  const notOffered = (reply: FastifyReply, what = 'export or import CSV', extension = PRODUCT_CSV) =>
    refuse(
      reply,
      501,
      `This shop’s catalogue service cannot ${what} (its REST service has no ${extension} extension)`,
      'NOT_SUPPORTED',
    );

  // Only here is a body a file (CSV text, a picture's bytes): everywhere else the gateway reads the graph's JSON.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES }, (_, body, done) =>
    done(null, body),
  );
  app.addContentTypeParser([...PICTURE_TYPES], { parseAs: 'buffer', bodyLimit: MAX_PICTURE_BYTES }, (_, body, done) =>
    done(null, body),
  );
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof UpstreamRejection)
      return refuse(reply, error.status, error.message, error.restCode ?? 'REFUSED', error.field);
    const picture = request.routeOptions.url === PICTURES_PATH;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      await drainBody(request);
      return refuse(
        reply,
        413,
        picture ? PICTURE_TOO_LARGE : `The file is too large: the limit is ${MAX_IMPORT_BYTES / 1024 / 1024} MB`,
        'BODY_TOO_LARGE',
      );
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_TYPE')
      return refuse(
        reply,
        415,
        picture ? PICTURE_TYPE_REFUSED : 'Send the file with Content-Type: text/csv',
        'UNSUPPORTED_MEDIA_TYPE',
      );
    if (error instanceof UpstreamUnavailable || (error.statusCode ?? 500) >= 500) {
      request.log.error({ err: error }, 'catalogue file request failed');
      return refuse(reply, 502, 'The catalogue is temporarily unavailable: try again in a moment', 'UNAVAILABLE');
    }
    return refuse(reply, error.statusCode ?? 400, error.message, 'MALFORMED_REQUEST');
  });

  app.get(CATALOGUE_FILE_PATH, async (request, reply) => {
    const caller = callerOf(request);
    if (!(await offered(caller, PRODUCT_CSV))) return notOffered(reply);
    const upstream = await rest
      .stream('/api/products/export', request.id, caller.token)
      .catch((error: unknown) => Promise.reject(new UpstreamUnavailable(String(error))));
    reply.code(upstream.statusCode);
    for (const header of PASSED_HEADERS) {
      const value = upstream.headers[header];
      if (value !== undefined) reply.header(header, value);
    }
    return reply.send(upstream.body);
  });

  app.post<{ Querystring: { confirm?: string }; Body: string }>(
    CATALOGUE_FILE_PATH,
    { bodyLimit: MAX_IMPORT_BYTES },
    async (request, reply) => {
      const caller = callerOf(request);
      if (!(await offered(caller, PRODUCT_CSV))) return notOffered(reply);
      const confirm = typeof request.query.confirm === 'string' ? request.query.confirm : undefined;
      const answer = await rest.call<ImportAnswer>(caller, {
        method: 'POST',
        path: '/api/products/import',
        query: { confirm },
        file: { contentType: 'text/csv', body: request.body },
      });
      if (answer.imported) await published(caller, answer);
      return answer;
    },
  );

  app.post<{ Body: Buffer }>(PICTURES_PATH, { bodyLimit: MAX_PICTURE_BYTES }, async (request, reply) => {
    const caller = callerOf(request);
    if (!(await offered(caller, PRODUCT_PICTURES))) return notOffered(reply, 'keep pictures', PRODUCT_PICTURES);
    const picture = await rest.call<unknown>(caller, {
      method: 'POST',
      path: '/api/pictures',
      file: { contentType: String(request.headers['content-type']).split(';')[0]!.trim(), body: request.body },
    });
    return reply.code(201).send(picture);
  });

  /** What an import wrote, told to every gateway and to the pages open on the products it changed. */
  async function published(caller: Caller, answer: ImportAnswer) {
    await pubsub.publish('CATALOGUE_IMPORTED', { created: answer.created, updated: answer.updated });
    const changed = answer.changes
      .filter((change) => change.action === 'update' && change.id !== null)
      .slice(0, IMPORT_EVENTS_AT_MOST)
      .map((change) => change.id!);
    if (changed.length === 0) return;
    const products = await rest
      .call<RestProduct[]>(caller, { method: 'GET', path: '/api/products', query: { ids: changed.join(',') } })
      .catch(() => []);
    for (const product of products) await pubsub.publish('PRODUCT_UPDATED', { product });
  }
};
