// Errors that become an HTTP answer `{ message, code, field? }` with their status (DESIGN §3: 400, 401, 403, 404,
// 409). `message` is for people and may be reworded; `code` is for programs and never changes; `field` names the
// request field at fault when it is one. `code` and `field` are additions to the contract (spec §8 has only
// `message`), sent while the extensions are on.

/** Every code an error answer can carry, with what it means (the OpenAPI document lists them). */
export const ERROR_CODES = {
  INVALID_INPUT: 'A request field breaks a rule; `field` names it when it is one field.',
  MALFORMED_REQUEST: 'The request cannot be read: a malformed URL, body that is not JSON, or forbidden keys in it.',
  CART_EMPTY: 'Checkout with nothing in the cart.',
  CART_TOO_LARGE:
    'The cart would hold more than 100 products, or cost more than $10,000,000.00 (what an order may cost; a checkout of such a cart is refused the same way): nothing was changed.',
  INSUFFICIENT_STOCK: 'More units than the product has in stock.',
  PRICE_CHANGED:
    'Checkout with an expectedTotal that is no longer the cart’s total (a price or a quantity changed): nothing was ordered.',
  AUTHENTICATION_REQUIRED: 'No bearer token was sent.',
  INVALID_TOKEN:
    'The token is malformed, expired, or no longer valid (password changed, account deleted); at the second step of a login, its challenge is (five minutes passed, or the second factor was turned off meanwhile).',
  INVALID_CREDENTIALS: 'Wrong username or password.',
  INVALID_RESET_TOKEN:
    'A password reset link that is unknown, used already, expired, or made before the password last changed.',
  INVALID_VERIFICATION_TOKEN:
    'An e-mail verification link that is unknown, used already, expired, or sent to an address the account no longer has.',
  EMAIL_ALREADY_VERIFIED: 'The account’s e-mail address is verified already: there is no link to send.',
  FORBIDDEN: 'The caller’s roles do not allow this (a staff call whose permission they lack).',
  ROLE_NOT_FOUND: 'No staff role has this name (extension: staff-roles).',
  ROLE_NAME_TAKEN: 'A staff role, built in or the shop’s own, has this name already (extension: staff-roles).',
  ROLE_BUILT_IN:
    'The role is one of the shop’s built-in roles, which cannot be changed or deleted (extension: staff-roles).',
  ROLE_IN_USE: 'The role is still held by someone: take it from them before deleting it (extension: staff-roles).',
  CONFIGURED_OWNER:
    'The account is the shop’s configured admin account (ADMIN_USERNAME): it stays an owner, or the next start would refuse it (extension: staff-roles).',
  LAST_OWNER: 'The change would leave the shop without an owner (ADMIN) (extension: staff-roles): nothing was changed.',
  SECOND_FACTOR_REQUIRED:
    'The password was right and the account signs in with a second factor: send `challenge` with a code to POST /api/auth/login/second-factor (extension: two-factor).',
  INVALID_SECOND_FACTOR:
    'The authenticator code is wrong or was used already, or the recovery code is not the account’s or was used (extension: two-factor).',
  TWO_FACTOR_ALREADY_ON:
    'Two-factor sign-in is on already: turn it off before setting it up again (extension: two-factor).',
  TWO_FACTOR_NOT_STARTED: 'No setup was started: ask for a secret first (extension: two-factor).',
  TWO_FACTOR_OFF:
    'Two-factor sign-in is off for the account: there is nothing to turn off or renew (extension: two-factor).',
  TWO_FACTOR_REQUIRED:
    'STAFF_TWO_FACTOR_REQUIRED asks a second factor of this account (it holds a staff permission): it cannot be turned off (extension: two-factor).',
  MESSAGES_REFUSED:
    'The person does not take messages from the caller: no room with them, and nothing sent (extension: chat-blocking).',
  USER_BLOCKED:
    'The caller blocked this person: unblock them to start a room with them or write to them (extension: chat-blocking).',
  CHAT_SUSPENDED:
    'A moderator suspended the caller’s chat until the time the message says: they read their rooms and send nothing (extension: chat-reports).',
  MESSAGE_NOT_FOUND: 'No message of the caller’s rooms has this id (extension: chat-reports).',
  MESSAGE_REMOVED:
    'A moderator removed the message already: there is nothing left to report (extension: chat-reports).',
  ALREADY_REPORTED: 'The caller reported this message already (extension: chat-reports).',
  REPORT_NOT_FOUND: 'No report has this id (extension: chat-reports).',
  REPORT_DECIDED:
    'A moderator decided the report already (perhaps as part of another report of the same message): nothing was changed (extension: chat-reports).',
  NOT_SUSPENDED: 'The person’s chat is not suspended: there is nothing to lift (extension: chat-reports).',
  SENDER_DELETED:
    'The reported message’s sender deleted their account: there is nobody to suspend; remove the message instead (extension: chat-reports).',
  NOT_A_PARTICIPANT: 'The chat room exists, but the caller is not in it.',
  PRODUCT_NOT_FOUND: 'No product has this id.',
  ORDER_NOT_FOUND: 'No order of the caller has this id.',
  USER_NOT_FOUND: 'No user has this username (or the account was deleted).',
  CHAT_ROOM_NOT_FOUND: 'No chat room has this id.',
  NOT_IN_CART: 'The product is not in the cart.',
  GONE_MEANWHILE: 'Something the request refers to was deleted while it ran.',
  NO_SUCH_ENDPOINT: 'No route has this method and path.',
  USERNAME_TAKEN: 'The username belongs to another account, in any case.',
  SKU_TAKEN: 'Another product has this SKU, in any case (extension: product-sku).',
  CATEGORY_NOT_FOUND: 'No category has this id (extension: product-categories).',
  CATEGORY_NAME_TAKEN:
    'Another category under the same parent has this name, in any case (extension: product-categories).',
  CATEGORY_NOT_EMPTY:
    'The category still has subcategories, or products and no category to move them to (extension: product-categories).',
  STATUS_NOT_ALLOWED: 'The order cannot move from its status to the one asked for.',
  CHANGED_MEANWHILE: 'The thing changed between reading and writing; load it again.',
  BODY_TOO_LARGE: 'The body is over the size limit (1 MB; 10 MB for a CSV import).',
  UNSUPPORTED_MEDIA_TYPE: 'The body is not sent as application/json (as text/csv, for a CSV import).',
  PICTURE_NOT_FOUND: 'No picture was uploaded with this id, or at this width and format (extension: product-pictures).',
  IMPORT_INVALID:
    'A CSV import confirmed while its file has problems (extension: product-csv); the preview lists them: nothing was imported.',
  IMPORT_CHANGED:
    'A CSV import whose file, read against the catalogue now, no longer does what its preview showed (extension: product-csv): preview it again; nothing was imported.',
  ADDRESS_NOT_FOUND: 'No address of the caller’s address book has this id (extension: address-book).',
  ADDRESS_BOOK_FULL: 'The caller’s address book holds as many addresses as it may (20) (extension: address-book).',
  SHIPPING_METHOD_NOT_FOUND: 'No shipping method has this id, or it is no longer offered (extension: shipping).',
  SHIPPING_METHOD_NAME_TAKEN: 'Another shipping method has this name, in any case (extension: shipping).',
  SHIPPING_METHOD_REQUIRED:
    'Checkout without a shipping method (or without the country it ships to) while the shop offers methods (extension: shipping).',
  SHIPPING_NOT_AVAILABLE: 'The shipping method does not ship to the country asked for (extension: shipping).',
  SHIPPING_COUNTRY_REQUIRED: 'The shop taxes orders by the country they ship to, and none was given (extension: tax).',
  TAX_RATE_NOT_FOUND: 'No tax rate has this id (extension: tax).',
  TAX_RATE_TAKEN: 'The country has a standard rate already, or a rate for this category already (extension: tax).',
  PAYMENT_METHOD_REQUIRED: 'The shop takes payment and the checkout named no paymentMethod (extension: payment).',
  PAYMENT_METHOD_NOT_OFFERED: 'The shop does not take the paymentMethod named (extension: payment).',
  PAYMENT_AWAITED: 'The order waits for its payment: it may be cancelled, not moved on (extension: payment).',
  NO_PAYMENT_AWAITED: 'The order is not paid through the shop: there is no payment to record (extension: payment).',
  ORDER_CANCELLED: 'The order was cancelled: a payment for it is returned, not recorded (extension: payment).',
  INVOICE_NOT_FOUND:
    'The order has no invoice: one is issued when it is paid (and orders paid outside the shop have none) (extension: invoices).',
  ALREADY_PAID: 'The order is paid already: there is nothing left to pay (extension: payment).',
  NOT_PAID_BY_CARD: 'The order is paid another way than by card (extension: payment).',
  CARD_PAYMENT_NOT_RECORDED:
    'A card order’s payment is confirmed by Stripe’s webhook, never recorded by hand (extension: payment).',
  PAYMENT_PROVIDER_UNAVAILABLE:
    'Stripe did not answer or refused the call (502): nothing changed; try again in a moment (extension: payment).',
  WEBHOOK_SIGNATURE_INVALID:
    'A webhook whose Stripe-Signature is missing, forged, too old or made with another secret: nothing was done.',
  TOO_MANY_ATTEMPTS: 'A limit per client or per user was reached; Retry-After says when to try again.',
  INTERNAL_ERROR: 'Something failed inside the service; nothing about it is shown.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: ErrorCode,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, field?: string | null, code: ErrorCode = 'INVALID_INPUT') =>
  new HttpError(400, message, code, field ?? undefined);
export const unauthorized = (message = 'Authentication required', code: ErrorCode = 'AUTHENTICATION_REQUIRED') =>
  new HttpError(401, message, code);
export const forbidden = (message = 'You are not allowed to do this', code: ErrorCode = 'FORBIDDEN') =>
  new HttpError(403, message, code);
export const notFound = (message: string, code: ErrorCode, field?: string) => new HttpError(404, message, code, field);
export const conflict = (message: string, code: ErrorCode, field?: string) => new HttpError(409, message, code, field);

/** The value as a rule of shop-rules left it (trimmed, say), or the rule's refusal thrown: 400 at its field. */
export function orBadRequest<T>(checked: T | { message: string; field: string | null }): T {
  if (typeof checked === 'object' && checked !== null && 'message' in checked && 'field' in checked)
    throw badRequest(checked.message, checked.field);
  return checked;
}
