// How the explorer reaches the graph, and what it refuses to send because the gateway would not read it as meant.
import { describe, expect, it } from 'vitest';
import { graphEndpoints, requestProblem } from './fetcher';

const MALFORMED =
  'Request not sent: the authorization header must read "Bearer <token>" (the shop ignores anything else). Paste the token LogIn answers after "Bearer ".';
const NO_TOKEN_FOR_SUBSCRIPTION =
  'Subscription not started: subscriptions need a token. Run LogIn, then paste its token into Headers after "Bearer ".';

describe('the explorer', () => {
  it.each([
    [
      'http://localhost:4000/graphiql',
      { url: 'http://localhost:4000/graphql', subscriptionUrl: 'ws://localhost:4000/graphql' },
    ],
    [
      'https://shop.example/graphiql?tab=2',
      { url: 'https://shop.example/graphql', subscriptionUrl: 'wss://shop.example/graphql' },
    ],
  ])('on %s talks to the graph of its own origin', (page, endpoints) => {
    expect(graphEndpoints(new URL(page))).toEqual(endpoints);
  });

  it.each([
    // The placeholder as it is, or no header: no token, which login, register and viewer do without.
    ['the placeholder', { authorization: 'Bearer ' }, false, undefined],
    ['no authorization header', {}, false, undefined],
    ['a token', { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig' }, false, undefined],
    ['a token, for a subscription', { authorization: 'bearer abc.def.ghi' }, true, undefined],
    ['a token without "Bearer "', { authorization: 'eyJhbGciOiJIUzI1NiJ9.e30.sig' }, false, MALFORMED],
    ['two words after "Bearer"', { authorization: 'Bearer <paste the token here>' }, false, MALFORMED],
    ['a number', { authorization: 42 }, false, MALFORMED],
    ['the placeholder, for a subscription', { authorization: 'Bearer ' }, true, NO_TOKEN_FOR_SUBSCRIPTION],
    ['no header, for a subscription', {}, true, NO_TOKEN_FOR_SUBSCRIPTION],
  ])('sends %s as it is, or says why not', (_case, headers, subscription, problem) => {
    expect(requestProblem(headers, subscription)).toBe(problem);
  });
});
