// What a client developer finds in a fresh explorer tab: a document that says how to start, with an operation of
// each kind (log in, read, follow live), and the headers editor holding the token's place.

/**
 * The first tab. LogIn comes first because nearly everything needs its token; the other two show a page of
 * products (Money, a connection) and a subscription that events of the catalogue feed.
 */
export const DEFAULT_DOCUMENT = `# Medshop's graph, served by the shop itself:
# nothing on this page comes from the internet.
#
# Without a token only login, register and viewer
# answer. To use the rest:
#  1. fill in LogIn below and run it: ▶ and pick
#     it, or Ctrl+Enter with the cursor in it;
#  2. paste the token it answers into Headers,
#     after "Bearer ";
#  3. run FirstProducts, or ProductChanges to
#     follow the catalogue live.
# Docs (the book icon) holds the whole schema.

mutation LogIn {
  login(input: { username: "", password: "" }) {
    token
    viewer { username isAdmin }
    userErrors { message field code }
  }
}

query FirstProducts {
  products(first: 3) {
    totalCount
    edges {
      node {
        id
        name
        quantity
        unitPrice { amount currencyCode }
      }
    }
  }
}

subscription ProductChanges {
  productUpdated {
    id
    name
    quantity
    unitPrice { amount currencyCode }
  }
}`;

/**
 * The headers editor's content (JSON with comments). Sent as it is, "Bearer " with nothing after it is no token: the
 * gateway answers as to anyone, so LogIn and register work, and the fetcher says what is missing before a
 * subscription is refused (fetcher.ts). Lower case, as the socket's connectionParams must name it.
 */
export const DEFAULT_HEADERS = `{
  // Paste the token LogIn answers after "Bearer ".
  // It is never stored: a reload forgets it.
  "authorization": "Bearer "
}`;
