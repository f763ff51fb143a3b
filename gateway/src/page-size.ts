// A connection's page when the client asks for no size: shared by the resolvers that page and by the pricing of
// operations (query-cost.ts), which must price what the resolvers will answer.

/** A page's size when a client asks for neither `first` nor `last`. */
export const DEFAULT_PAGE_SIZE = 20;
