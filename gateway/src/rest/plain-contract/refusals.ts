// What makes up for the plain contract's refusals (spec §8): an implementation that answers only `{ message }` says
// neither which request field is at fault nor a code, so the field is read off the message's words here, helped by
// what each route's messages are known to mean. Our REST service names its field and code itself (DESIGN §4), and
// nothing here decides for it: rewording one of its messages cannot move a userError to another field. This is the
// only place that reads a message for its meaning; resolvers see a field or none.
import type { RestCall } from '../rest-client.js';

/** A message the words alone would blame wrongly (or not at all), and the REST field it is about; null for none. */
export type FieldHint = readonly [RegExp, string | null];

interface RouteRefusals {
  /** The path's parameters, by the name a refusal of them is given (`/api/products/3` → id). */
  params?: readonly string[];
  /** Tried in order before the words: the first that matches decides. */
  hints?: readonly FieldHint[];
}

const PASSWORDS_DIFFER: FieldHint = [/do not match/i, 'confirmPassword'];
const LINK: FieldHint = [/link/i, 'token'];
const STOCK: FieldHint = [/in stock|out of stock/i, 'quantity'];
const CART_PRODUCT: FieldHint = [/not found|not in your cart/i, 'productId'];

/** Per route: method and path, each parameter as `:param`. */
const REFUSALS: Record<string, RouteRefusals> = {
  'POST /api/auth/register': { hints: [PASSWORDS_DIFFER, [/email/i, 'email']] },
  // A failed login names both fields and blames neither.
  'POST /api/auth/login': { hints: [[/username or password/i, null]] },
  'POST /api/auth/reset-password': { hints: [PASSWORDS_DIFFER, LINK] },
  'POST /api/auth/verify-email': { hints: [LINK] },
  // "Please enter a valid email address" names two fields; it is about the email.
  'PUT /api/users/profile': {
    hints: [
      [/email/i, 'email'],
      [/language/i, 'language'],
      [/time ?zone/i, 'timezone'],
    ],
  },
  'PUT /api/users/change-password': { hints: [PASSWORDS_DIFFER] },
  'POST /api/products': {},
  'PUT /api/products/:param': { params: ['id'], hints: [[/not found/i, 'id']] },
  'DELETE /api/products/:param': { params: ['id'], hints: [[/not found/i, 'id']] },
  'POST /api/cart/items': { hints: [STOCK, CART_PRODUCT] },
  'PUT /api/cart/items/:param': { params: ['productId'], hints: [STOCK, CART_PRODUCT] },
  'DELETE /api/cart/items/:param': { params: ['productId'], hints: [CART_PRODUCT] },
  // "An order that is SHIPPED cannot become CANCELLED": the status asked for clashes with the order's.
  'PUT /api/orders/:param/status': {
    params: ['id'],
    hints: [
      [/not found/i, 'id'],
      [/cannot become|changed meanwhile/i, 'status'],
    ],
  },
  'POST /api/chat/rooms/create': { hints: [[/user|yourself/i, 'participantUsername']] },
  'POST /api/chat/rooms/:param/messages': { params: ['receiver'], hints: [[/message/i, 'content']] },
  'POST /api/chat/rooms/:param/mark-as-read': { params: ['roomId'], hints: [[/not found/i, 'roomId']] },
};

/** The routes as patterns, each `:param` one path segment. */
const ROUTES = Object.entries(REFUSALS).map(
  ([route, refusals]) =>
    [new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll(':param', '[^/]+')}$`), refusals] as const,
);

const words = (field: string) => field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * The field a message is about, among `fields`, read from its words ("Price must be at least 0" → price); `hints`
 * settle messages that name none or several. Null when none is named.
 */
export function fieldOfMessage(message: string, fields: readonly string[], hints: readonly FieldHint[] = []) {
  for (const [pattern, field] of hints) if (pattern.test(message)) return field;
  const text = message.toLowerCase();
  const candidates = [...fields].sort((a, b) => words(b).length - words(a).length);
  // As whole words (a plural too): "Invalid value" names no `id`, "Passwords" names `password`.
  const named = (field: string) =>
    new RegExp(`\\b${words(field).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:s|es)?\\b`).test(text);
  return candidates.find(named) ?? null;
}

/** The names a call sends: its body's fields (one level into an object, as the profile's preferences) and query's. */
function requestFields(call: Pick<RestCall, 'body' | 'query'>): string[] {
  const names = Object.keys(call.query ?? {});
  if (call.body && typeof call.body === 'object' && !Array.isArray(call.body)) {
    for (const [name, value] of Object.entries(call.body)) {
      names.push(name);
      if (value && typeof value === 'object' && !Array.isArray(value)) names.push(...Object.keys(value));
    }
  }
  return names;
}

/**
 * The request field a plain refusal (a message alone) of this call is about, or undefined. Who asks (401, 403) and
 * how often (429) are no field's fault.
 */
export function fieldOfPlainRefusal(call: RestCall, status: number, message: string): string | undefined {
  if (status === 401 || status === 403 || status === 429) return undefined;
  const said = `${call.method} ${call.path.split('?', 1)[0]}`;
  const route = ROUTES.find(([pattern]) => pattern.test(said))?.[1] ?? {};
  return fieldOfMessage(message, [...(route.params ?? []), ...requestFields(call)], route.hints) ?? undefined;
}
