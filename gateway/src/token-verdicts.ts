// What the REST service said of a bearer token, remembered for a short while. The gateway cannot check a token
// itself (another implementation of the contract may issue tokens of any form), so wherever it must know before an
// operation runs that a token is good — the trusted-documents gate (TRUSTED_DOCUMENTS=anonymous), the catalogue
// answered from memory — it relies on the REST service having accepted that very token within the last
// CATALOGUE_CACHE_TTL_SECONDS, and asks it (GET /api/users/profile) otherwise.
//
// - A token is remembered as accepted when any REST call made with it succeeded (an operation's, or the question
//   asked here), and as refused when the REST service answered the question with a 4xx. Nothing is remembered while
//   the REST service cannot answer: the question is asked again next time.
// - Every SESSION_ENDED (a password change or account deletion through any gateway) forgets every accepted token, and
//   so does Redis coming back (what was published while it was away never arrived).
// - Questions about one token asked at the same time share one REST call.
import { LRUCache } from 'lru-cache';
import { UpstreamRejection } from './errors.js';
import type { ShopPubSub } from './pubsub.js';
import { createRestApi } from './rest/rest-api.js';
import type { Caller, RestClient } from './rest/rest-client.js';

/** Tokens remembered at most, each way; past that the least recently seen are asked about again. */
const MAX_TOKENS = 10_000;

export interface TokenVerdicts {
  /** Whether the REST service accepted the token within the lifetime: no question asked. */
  known(token: string): boolean;
  /**
   * Whether the REST service accepts the token: remembered, or asked now for the caller (its request id, address and
   * deadline). Throws what the REST call throws when it could not answer (UpstreamUnavailable).
   */
  accepts(token: string, caller: Caller): Promise<boolean>;
  /** Where the verdicts stand now: what a request learns is remembered only if no session ended since (`accepted`). */
  stamp(): number;
  /** A REST call made with the token, for a request that started at `stamp`, succeeded. */
  accepted(token: string, stamp: number): void;
  close(): void;
}

export function createTokenVerdicts(
  settings: { ttlSeconds: number },
  rest: RestClient,
  pubsub: ShopPubSub,
  log?: { error(details: object, message: string): void },
): TokenVerdicts {
  const ttl = settings.ttlSeconds * 1000;
  const accepted = new LRUCache<string, true>({ max: MAX_TOKENS, ttl });
  const refused = new LRUCache<string, true>({ max: MAX_TOKENS, ttl });
  const asking = new Map<string, Promise<boolean>>();
  let forgetting = 0;
  const forgetAccepted = () => {
    forgetting += 1;
    accepted.clear();
  };

  const sessionsEnded = pubsub.subscribe('SESSION_ENDED');
  void (async () => {
    for await (const _ended of sessionsEnded) forgetAccepted();
  })().catch((error: unknown) => {
    // Nothing would forget an ended session's token any more: remember none from now on.
    accepted.clear();
    settings.ttlSeconds = 0;
    log?.error(
      { err: error },
      'the gateway stopped hearing of ended sessions: every token is asked about at the REST service from now on',
    );
  });
  pubsub.onRecovered(forgetAccepted);

  /** Remembered only when no session ended since the REST service was asked: the one that ended may be its own. */
  const remember = (token: string, askedIn: number) => {
    if (settings.ttlSeconds > 0 && askedIn === forgetting) accepted.set(token, true);
  };

  return {
    known: (token) => accepted.has(token),
    accepts(token, caller) {
      if (accepted.has(token)) return Promise.resolve(true);
      if (refused.has(token)) return Promise.resolve(false);
      let question = asking.get(token);
      if (!question) {
        const askedIn = forgetting;
        question = createRestApi(rest, { ...caller, token, budget: undefined, upstream: caller.upstream })
          .users.profile()
          .then(
            () => {
              remember(token, askedIn);
              return true;
            },
            (error: unknown) => {
              if (!(error instanceof UpstreamRejection) || error.status >= 500) throw error;
              refused.set(token, true);
              return false;
            },
          )
          .finally(() => asking.delete(token));
        asking.set(token, question);
      }
      return question;
    },
    stamp: () => forgetting,
    accepted: remember,
    close() {
      // What it listens to ends with the pub/sub (an UNSUBSCRIBE sent now would wait for a Redis that may be away).
      accepted.clear();
      refused.clear();
    },
  };
}
