// What protects the shop in the browser, where the session token lives in localStorage: a strict
// Content-Security-Policy for the web app (its own scripts and styles only, no inline script but the page's own, by
// its hash: web/src/app/early-requests.ts; images from the shop or
// any http(s) address, since admins link product images; connections to the shop and its websocket only; no
// framing), nosniff, a referrer policy that keeps paths to the shop, HSTS once the operator says TLS is in front
// (HSTS=true), and cross-origin access only for the origins in CORS_ORIGINS (none by default). The graph explorer
// (/graphiql) has the same policy but for the little its editor needs (explorerContentSecurityPolicy). On helmet (its
// middleware built once, not per request) and @fastify/cors.
import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { EXPLORER_PATH } from './web-app.js';

export interface BrowserSecurityOptions {
  /** TLS is in front of the shop: browsers are told to use https for a year (Strict-Transport-Security). */
  hsts: boolean;
  /** Origins whose pages may call the graph from a browser; none by default. */
  corsOrigins: string[];
  /** The inline scripts the web app's page carries, as CSP hash sources (`'sha256-…'`): web-app.ts reads them. */
  inlineScripts: string[];
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The web app's policy; also what a page of the shop is held to in the browser journeys. `inlineScripts`: the hashes
 * of the page's own inline scripts, the only inline code that runs.
 */
export function contentSecurityPolicy(hsts: boolean, inlineScripts: string[] = []) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScripts],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'https:', ...(hsts ? [] : ['http:'])],
      fontSrc: ["'self'"],
      // 'self' admits the shop's own websocket (ws: or wss: of the same host) as well.
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(hsts ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

/**
 * The graph explorer's policy: the web app's, and what GraphiQL's editor (Monaco) cannot do without, on that page
 * alone. Monaco writes its styles into <style> elements as it runs (themes, decorations: no nonce can be given to
 * them), and GraphiQL's fonts come inside its stylesheet as data: URLs. Scripts and workers still come only from the
 * shop's own files, and connections go to the shop and its websocket only.
 */
export function explorerContentSecurityPolicy(hsts: boolean) {
  const policy = contentSecurityPolicy(hsts);
  return {
    ...policy,
    directives: {
      ...policy.directives,
      styleSrc: ["'self'", "'unsafe-inline'"],
      fontSrc: ["'self'", 'data:'],
    },
  };
}

/** The graph's own address, whose landing page brings its own policy (see below). */
const GRAPHQL_PATH = /^\/graphql(\?|$)/;
/**
 * The pages an e-mailed link opens (a password reset, an address's verification): their address carries the link's
 * secret, which no request the page makes may repeat in a Referer (a proxy's log would keep it).
 */
const SECRET_LINK_PAGE = /^\/(reset-password|verify-email)\/?(\?|$)/;
/** The explorer's page (a trailing slash leads there too: the router ignores it), and nothing under it. */
const EXPLORER = new RegExp(`^${EXPLORER_PATH}/?(\\?|$)`);

export const browserSecurityPlugin = fp<BrowserSecurityOptions>(
  async (app, { hsts, corsOrigins, inlineScripts }) => {
    const common: HelmetOptions = {
      strictTransportSecurity: hsts ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // As frame-ancestors 'none', for browsers that know only the older header.
      xFrameOptions: { action: 'deny' },
      // Product images may come from other sites, and the shop's own images are for the shop's pages.
      crossOriginEmbedderPolicy: false,
    };
    const forPages = helmet({ ...common, contentSecurityPolicy: contentSecurityPolicy(hsts, inlineScripts) });
    const forSecretLinks = helmet({
      ...common,
      referrerPolicy: { policy: 'no-referrer' },
      contentSecurityPolicy: contentSecurityPolicy(hsts, inlineScripts),
    });
    const forExplorer = helmet({ ...common, contentSecurityPolicy: explorerContentSecurityPolicy(hsts) });
    // What a browser opens at /graphql (Apollo Sandbox, when GRAPHQL_SANDBOX is on, or the way to the explorer) brings
    // its own policy, which admits Apollo's CDN scripts by nonce: here it is only kept from being framed.
    const forGraph = helmet({
      ...common,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: helmet.contentSecurityPolicy.dangerouslyDisableDefaultSrc,
          frameAncestors: ["'none'"],
        },
      },
    });
    // The graph's answers to POST are JSON, never a page (a GET may be Apollo's landing page, chosen by a content
    // negotiation of its own, so GETs keep a page's headers): no policy, framing or referrer header has anything to
    // govern in them, and eleven headers on every answer cost a setHeader each and their bytes. They keep what a JSON
    // answer needs: nosniff (never read as a script or a page), Cross-Origin-Resource-Policy (never embedded by another
    // site's page, so no side channel reads it), and HSTS when it is on.
    const forJson: [string, string][] = [
      ['x-content-type-options', 'nosniff'],
      ['cross-origin-resource-policy', 'same-origin'],
      ...(hsts
        ? [['strict-transport-security', `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`] as [string, string]]
        : []),
    ];
    app.addHook('onRequest', (request, reply, done) => {
      if (request.method === 'POST' && GRAPHQL_PATH.test(request.url)) {
        for (const [name, value] of forJson) reply.raw.setHeader(name, value);
        return done();
      }
      const setHeaders = GRAPHQL_PATH.test(request.url)
        ? forGraph
        : EXPLORER.test(request.url)
          ? forExplorer
          : SECRET_LINK_PAGE.test(request.url)
            ? forSecretLinks
            : forPages;
      setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });
    if (corsOrigins.length > 0) {
      await app.register(cors, {
        origin: corsOrigins,
        methods: ['GET', 'POST'],
        allowedHeaders: ['content-type', 'authorization', 'apollo-require-preflight', 'x-request-id'],
        exposedHeaders: ['x-request-id'],
        maxAge: 600,
      });
    }
  },
  { name: 'browser-security' },
);
