// A connection's page when the client asks for no size: shared by the resolvers that page and by the pricing of
// operations (query-cost.ts), which must price what the resolvers will answer.

/** A page's size when a client asks for neither `first` nor `last`. */
export const DEFAULT_PAGE_SIZE = 20;

/** A room's history when a client asks for neither `first` nor `last`: its newest 50 messages. */
export const MESSAGE_PAGE_SIZE = 50;

/** The connections whose default page is not DEFAULT_PAGE_SIZE, by type and field. */
const DEFAULT_PAGE_SIZES: Readonly<Record<string, number>> = { 'ChatRoom.messages': MESSAGE_PAGE_SIZE };

/** The page a connection answers when the client asks for no size. */
export const defaultPageSizeOf = (typeName: string | undefined, fieldName: string) =>
  DEFAULT_PAGE_SIZES[`${typeName}.${fieldName}`] ?? DEFAULT_PAGE_SIZE;
