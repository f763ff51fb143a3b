// What resolvers hand each other where the GraphQL type is not simply a REST answer (codegen `mappers`).

/**
 * The logged-in user. Resolved lazily: a query for `viewer { cart { … } }` needs only the cart call, and the
 * profile is fetched (once per request) only when a profile field is asked for.
 */
export interface ViewerModel {
  readonly kind: 'viewer';
}

export const VIEWER: ViewerModel = { kind: 'viewer' };
