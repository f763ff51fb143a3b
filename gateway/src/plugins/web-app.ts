// The built web app (web/dist) on the gateway's own address: static files, long-cached when their names carry a
// content hash (/assets/…), and index.html for every other page address (the app's router takes it from there).
// /graphql, /healthz and /images keep their routes; API-looking and file-looking paths that do not exist stay 404.
// The build's second page, the graph explorer (graphiql.html: GraphiQL), is served at /graphiql only, and only when
// the gateway says so (introspection on, GRAPHQL_EXPLORER not off); otherwise /graphiql is a 404 like any unknown path.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const HASHED_ASSETS = '/assets/';
/** Where the graph explorer is served, and the page of the build it is. */
export const EXPLORER_PATH = '/graphiql';
const EXPLORER_PAGE = 'graphiql.html';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function hasWebApp(webDist: string | undefined): webDist is string {
  return !!webDist && fs.existsSync(path.join(webDist, 'index.html'));
}

/** A `<script>` element without `src`, and its text. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The inline scripts of the built page (index.html), as Content-Security-Policy hash sources (`'sha256-…'`): the page
 * asks for its first screen's data itself (web/src/app/early-requests.ts), and the policy admits that script alone.
 * Read when the gateway starts, from the build it serves; none without a built app.
 */
export function inlineScriptHashes(webDist: string | undefined): string[] {
  if (!hasWebApp(webDist)) return [];
  const page = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  return [...page.matchAll(INLINE_SCRIPT)].map(
    ([, text]) => `'sha256-${createHash('sha256').update(text!, 'utf8').digest('base64')}'`,
  );
}

/** Whether a path not found elsewhere is a page of the app (→ index.html) rather than a missing file or API. */
export function isAppPage(urlPath: string): boolean {
  if (/^\/(graphql|graphiql|healthz|images|assets|api)(\/|$)/.test(urlPath)) return false;
  const lastSegment = urlPath.slice(urlPath.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/** Whether GraphiQL is served at /graphiql: asked for (introspection on, GRAPHQL_EXPLORER not off) and in the build. */
export function servesExplorer(webDist: string | undefined, explorer: boolean): boolean {
  return explorer && hasWebApp(webDist) && fs.existsSync(path.join(webDist, EXPLORER_PAGE));
}

/** How much an Accept header wants a media type: the quality of the most specific range that covers it (RFC 9110). */
function quality(ranges: { type: string; subtype: string; q: number }[], mediaType: string): number {
  const [type, subtype] = mediaType.split('/');
  let best: { specificity: number; q: number } = { specificity: -1, q: 0 };
  for (const range of ranges) {
    const specificity =
      range.type === type && range.subtype === subtype
        ? 2
        : range.type === type && range.subtype === '*'
          ? 1
          : range.type === '*'
            ? 0
            : -1;
    if (specificity > best.specificity) best = { specificity, q: range.q };
  }
  return best.q;
}

/**
 * Whether a request's Accept header prefers a page to JSON, as a browser's address bar does (`text/html,…,*\/*;q=0.8`)
 * and a GraphQL client never does (`application/graphql-response+json, application/json` or `*\/*`: a tie is JSON's).
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranges = accept.split(',').map((part) => {
    const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const [type = '', subtype = ''] = range.split('/');
    const q = Number(parameters.find((parameter) => parameter.startsWith('q='))?.slice(2) ?? 1);
    return { type, subtype, q: Number.isFinite(q) ? q : 0 };
  });
  const html = quality(ranges, 'text/html');
  return (
    html > 0 &&
    html > Math.max(quality(ranges, 'application/json'), quality(ranges, 'application/graphql-response+json'))
  );
}

/**
 * What a GET of the graph may share with the explorer: the operation, as GraphiQL has always read it from its address.
 */
const SHARED_PARAMETERS = ['query', 'variables', 'operationName'] as const;

/**
 * Where a browser opening the graph (`/graphql?query=…`) is sent: the explorer, with the operation it asked for, so
 * that GraphiQL opens with it (`/graphiql?query=…&variables=…&operationName=…`); anything else in the address
 * (extensions, a persisted query's hash) is left behind, and so is a repeated parameter's second value.
 */
export function explorerAddressFor(requestUrl: string): string {
  const asked = new URL(requestUrl, 'http://graph.invalid').searchParams;
  const carried = new URLSearchParams();
  for (const name of SHARED_PARAMETERS) {
    const value = asked.get(name);
    if (value) carried.set(name, value);
  }
  const search = carried.toString();
  return search ? `${EXPLORER_PATH}?${search}` : EXPLORER_PATH;
}

export interface WebAppOptions {
  webDist: string | undefined;
  /** Whether the graph explorer is served at /graphiql (when the build has it). */
  explorer: boolean;
}

/**
 * The app's files, and index.html for its pages from the not-found handler (deep links, reloads); other unknown
 * paths answer 404 naming where the graph is. Without a built app (WEB_DIST empty or not built) only the 404.
 */
export const webAppPlugin = fp<WebAppOptions>(
  async (app, { webDist, explorer }) => {
    const served = hasWebApp(webDist);
    if (served) await serveWebApp(app, webDist);
    if (servesExplorer(webDist, explorer)) {
      // Checked on every visit, like index.html: it names the hashed files of the current build.
      app.get(EXPLORER_PATH, (_request, reply) =>
        reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(EXPLORER_PAGE),
      );
    }
    app.setNotFoundHandler(
      (request, reply) =>
        (served && sendAppPage(request, reply)) ||
        reply
          .code(404)
          .send({ message: `Nothing at ${request.method} ${request.url.split('?')[0]}: the graph is at /graphql` }),
    );
  },
  { name: 'web-app' },
);

async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    // The build writes each file's brotli and gzip copies beside it (scripts/web-build.ts): sent to browsers that
    // take them, a third of the bytes over a phone's connection, at no cost per request.
    preCompressed: true,
    // The explorer's page is sent by its own route alone (/graphiql, when on), never as a file of the app.
    allowedPath: (filePath, _root, request) =>
      !filePath.replace(/^\//, '').startsWith(EXPLORER_PAGE) || request.routeOptions.url === EXPLORER_PATH,
    // Hashed names change with their content, so they can be kept for a year; everything else is checked each time.
    setHeaders(reply, filePath) {
      const hashed = filePath.startsWith(path.join(webDist, HASHED_ASSETS));
      reply.header('cache-control', hashed ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache');
    },
  });
}

/** The SPA fallback, for the not-found handler: answers index.html for app pages, or false. */
function sendAppPage(request: FastifyRequest, reply: FastifyReply): FastifyReply | false {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const urlPath = request.url.split('?')[0] ?? '/';
  if (!isAppPage(urlPath)) return false;
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
}
