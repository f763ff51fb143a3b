/** Where the graph is, over HTTP and as a websocket: on the page's own origin. */
export const GRAPHQL_PATH = '/graphql';
