// /checkout (spec §2, §5): the order to review, where to ship it, Back to Cart and Place Order ('Processing...' while
// busy). Ship to (issue 35): the saved addresses, the addresses of the latest orders and the profile's, each once, the
// one an order last went to chosen; or a new address in parts, saved in the address book on request (ticked to start
// with). Where the shop keeps no address books (the plain contract) a new address is printed here as the shop would.
// On a phone the review comes first. The order is placed in one step; the emptied cart comes back in the payload,
// and /order-success gets the order through navigation state.
// What the buyer reviews is a snapshot of the cart (review-snapshot.ts), and the order is placed only at its total.
// A change that reaches the page afterwards (a price through productUpdated, a product deleted) is shown as it
// comes: the changed lines and the total say what they were, a notice lists the changes, and Place Order waits
// until the buyer accepts them, which makes the cart as it is now the snapshot (the notice goes, so the focus moves
// on from its button to Place Order, or to the review while a line still cannot be bought, and a polite live region
// says it was accepted). A change the page has not heard of
// when Place Order is clicked is refused by the shop (PRICE_CHANGED, with the cart as it is now) and shown the same
// way: nothing is charged that the buyer did not see. Each attempt (one reviewed snapshot) carries its own
// idempotency key, sent again when that attempt is retried (its answer may have been lost after the order was
// placed), so a retry never orders twice. An order paid by card is placed first, then the browser goes to Stripe's
// page for it; where that page cannot be opened, the order's confirmation says so and offers Pay by Card.
import { gql } from '@apollo/client';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { type ReactNode, type Ref, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { MAX_ADDRESSES, countryName, printedAddress } from '@shop-rules/address-rules';
import { CART_IS_EMPTY } from '@shop-rules/order-rules';
import {
  CARD_RESERVATION_MINUTES,
  DEFAULT_BANK_TRANSFER_DAYS,
  PAYMENT_METHOD_REQUIRED,
  type PaymentMethod,
} from '@shop-rules/payment-rules';
import { AddressFields, CountryOptions } from '@/components/address-fields';
import { Button, ButtonLink } from '@/components/button';
import { Alert, EmptyState, ErrorState, Skeleton } from '@/components/feedback';
import { CheckboxField, SelectField } from '@/components/field';
import { Card } from '@/components/card';
import { Page } from '@/components/page';
import {
  CheckoutChargesDocument,
  CheckoutDocument,
  CheckoutPageDocument,
  SaveAddressDocument,
  ViewerAddressesDocument,
} from '@/gql/graphql';
import {
  ADDRESS_PARTS,
  type AddressFieldsForm,
  browserCountry,
  type SavedAddress,
  emptyAddress,
  forgetAddressList,
  onAddressFields,
  validAddress,
} from '@/lib/addresses';
import { useFormats } from '@/lib/use-formats';
import { useCardPayment } from '@/lib/card-payment';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import type { OrderSuccessState } from '@/lib/navigation-state';
import { showUserErrors } from '@/lib/user-errors';
import { moneyOf, sumOf } from '@/lib/money';
import { type ShippingMethod, type ShippingQuote, cheapestQuote, priceText, quoteOf } from '@/lib/shipping';
import { type Charges, type ChosenShipping, withCharges } from './charges';
import { OrderReview } from './order-review';
import { type BlockedLine, type Review, type ReviewSnapshot, compareReview, snapshotOf } from './review-snapshot';
import styles from './checkout.module.css';

if (false) {
  gql`
    query CheckoutPage {
      shippingMethods {
        ...ShippingMethodFields @unmask
      }
      taxRates {
        id
        country {
          code
        }
      }
      paymentSettings {
        methods
        bankTransfer {
          days
        }
      }
      viewer {
        address
        recentShippingAddresses(first: 3)
        cart {
          ...CartContents @unmask
        }
      }
    }

    query CheckoutCharges($shippingCountry: String, $shippingMethodId: ID) {
      viewer {
        cart {
          id
          charges(shippingCountry: $shippingCountry, shippingMethodId: $shippingMethodId) {
            subtotal {
              ...MoneyFields @unmask
            }
            shippingCost {
              ...MoneyFields @unmask
            }
            tax {
              ...MoneyFields @unmask
            }
            taxLines {
              rate
              tax {
                ...MoneyFields @unmask
              }
            }
            pricesIncludeTax
          }
        }
      }
    }

    mutation Checkout($input: CheckoutInput!) {
      checkout(input: $input) {
        order {
          id
          number
          orderDate
          total {
            ...MoneyFields @unmask
          }
          ...OrderChargesFields @unmask
          status
          shippingAddress
          items {
            ...ItemLines_orderLine @unmask
            product {
              id
              imageUrls
            }
          }
        }
        cart {
          ...CartContents @unmask
        }
        userErrors {
          message
          field
          code
        }
      }
    }
  `;
}

/**
 * Checkout's refusals that the cart fixes: a clash with the stock (CONFLICT; a price change has its own code) or a
 * product no longer sold (NOT_FOUND). The address's own refusals are INVALID_INPUT.
 */
const FIXED_IN_CART: ReadonlySet<string> = new Set(['CONFLICT', 'NOT_FOUND']);

/** Where the order goes: one of the destinations offered (its key), or NEW_ADDRESS, typed in parts. */
interface CheckoutForm extends AddressFieldsForm {
  shipTo: string;
  /** Keep the new address in the address book. */
  remember: boolean;
  /** The shipping method chosen (its id), where the shop offers any. */
  shippingMethodId: string;
  /** The country a destination typed as text (an earlier order's, the profile's) ships to. */
  shippingCountry: string;
  /** How the buyer pays, where the shop takes payment. */
  paymentMethod: PaymentMethod | '';
}

const NEW_ADDRESS = 'new';
export const COUNTRY_IT_SHIPS_TO_REQUIRED = 'Choose the country it ships to';
/** The checkout's fields a shipping refusal names. */
const SHIPPING_FIELDS: ReadonlySet<string> = new Set(['shippingMethodId', 'shippingCountry']);
const FORM_FIELDS = ADDRESS_PARTS.map((part) => `address.${part}` as const);

/** An address the order can go to with one click, as it prints, and why it is offered. */
export interface Destination {
  key: string;
  printed: string;
  note: string;
  /** Its country, for a saved address; a text address names none the shop can read. */
  country?: string;
}

/**
 * The destinations offered, each once: the saved addresses (the book's order: the last used first), then the
 * addresses of the latest orders that are not saved, then the profile's address. The one chosen to start with is
 * where the latest order went, else the first offered.
 */
export function destinationsOf(
  saved: readonly SavedAddress[],
  recent: readonly string[],
  profileAddress: string | null | undefined,
): { destinations: Destination[]; chosen: string } {
  const destinations: Destination[] = saved.map((address, index) => ({
    key: `saved:${address.id}`,
    printed: address.printed,
    note: index === 0 && address.lastUsedAt ? 'Saved, last used' : 'Saved',
    country: address.country.code,
  }));
  const offer = (printed: string, key: string, note: string) => {
    if (printed.trim() && !destinations.some((destination) => destination.printed === printed))
      destinations.push({ key, printed, note });
  };
  recent.forEach((printed, index) => offer(printed, `used:${index}`, 'Used for an earlier order'));
  if (profileAddress) offer(profileAddress, 'profile', 'Your profile’s address');
  const latest =
    recent[0] === undefined ? undefined : destinations.find((destination) => destination.printed === recent[0]);
  return { destinations, chosen: (latest ?? destinations[0])?.key ?? NEW_ADDRESS };
}

/**
 * The lines that stop the order, each "Name: why" (a name may hold brackets of its own, "Gauze (25-Pack)"), and the
 * way to fix them. Red: it stops the order, where a change to accept is amber.
 */
function BlockedNotice({ blocked }: { blocked: readonly BlockedLine[] }) {
  return (
    <Alert tone="error">
      <div className={styles.notice} id="checkout-blocked">
        <p className={styles.noticeTitle}>
          {blocked.length === 1
            ? 'This item cannot be bought as it is in your cart:'
            : 'These items cannot be bought as they are in your cart:'}
        </p>
        <ul className={styles.noticeList}>
          {blocked.map((line) => (
            <li key={line.productName}>
              {line.productName}: {line.reason}
            </li>
          ))}
        </ul>
        <p>
          <Link to="/cart">Review your cart</Link>
        </p>
      </div>
    </Alert>
  );
}

/**
 * What changed since the buyer reviewed the order, and the way on: accept the order as it is now. Amber: a change to
 * look at.
 */
function ReviewChangedNotice({
  review,
  onAccept,
  acceptRef,
}: {
  review: Review;
  onAccept: () => void;
  acceptRef: Ref<HTMLButtonElement>;
}) {
  const formats = useFormats();
  return (
    <Alert tone="warning">
      <div className={styles.notice} id="checkout-changed">
        <p className={styles.noticeTitle}>Your order changed since you reviewed it:</p>
        <ul className={styles.noticeList}>
          {review.changes.map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
        <p>
          {review.totalBefore ? (
            <>
              The total was {formats.money(review.totalBefore)}, now <strong>{formats.money(review.total)}</strong>.
            </>
          ) : (
            <>
              The total is still <strong>{formats.money(review.total)}</strong>.
            </>
          )}{' '}
          Accept the changes to place the order as it is now, or <Link to="/cart">review your cart</Link>.
        </p>
        <div>
          <Button ref={acceptRef} variant="secondary" size="small" onClick={onAccept}>
            Accept Changes
          </Button>
        </div>
      </div>
    </Alert>
  );
}

/**
 * The shipping methods for where the order goes, each a radio card: its name, how long it takes and its price, or, for
 * one that cannot take the order, why (disabled). A text address (an earlier order's) names no country the shop can
 * read: the buyer says which, above the methods.
 */
function ShippingMethodChoice({
  quotes,
  chosen,
  onChoose,
  busy,
  countryField,
}: {
  quotes: readonly ShippingQuote[];
  chosen: string;
  onChoose: (id: string) => void;
  busy: boolean;
  countryField: ReactNode;
}) {
  const formats = useFormats();
  return (
    <>
      {countryField}
      {quotes.length > 0 && (
        <fieldset className={styles.shipTo}>
          <legend className={styles.shipToLegend}>Shipping method</legend>
          <ul className={styles.destinations}>
            {quotes.map((quote) => (
              <li key={quote.method.id}>
                <label className={styles.destination} data-unavailable={!quote.available || undefined}>
                  <input
                    type="radio"
                    name="shippingMethodId"
                    value={quote.method.id}
                    checked={chosen === quote.method.id}
                    onChange={() => onChoose(quote.method.id)}
                    disabled={busy || !quote.available}
                  />
                  <span className={styles.methodText}>
                    <span className={styles.methodLine}>
                      <strong className={styles.destinationName}>{quote.method.name}</strong>{' '}
                      <span className={styles.methodPrice}>
                        {quote.available ? priceText(quote.price, formats.money) : ''}
                      </span>
                    </span>{' '}
                    <span className={styles.destinationNote}>
                      {quote.available ? quote.method.estimate : quote.reason}
                      {quote.available && quote.method.description ? ` · ${quote.method.description}` : ''}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </>
  );
}

/** How the shop takes payment, as checkout offers it. */
export interface PaymentOffer {
  methods: readonly PaymentMethod[];
  /** The days an order waits for its bank transfer. */
  bankTransferDays: number | null;
}

/** Each way to pay, as a radio card: what it is, and what happens next. */
function PaymentChoice({
  offer,
  chosen,
  onChoose,
  busy,
  error,
}: {
  offer: PaymentOffer;
  chosen: string;
  onChoose: (method: PaymentMethod) => void;
  busy: boolean;
  error: string | undefined;
}) {
  const notes: Record<PaymentMethod, { name: string; note: string }> = {
    BANK_TRANSFER: {
      name: 'Bank transfer',
      note: `Pay within ${offer.bankTransferDays ?? DEFAULT_BANK_TRANSFER_DAYS} days, quoting your order’s reference: you get the details once the order is placed. We hold your items until then.`,
    },
    CARD: {
      name: 'Card',
      note: `Pay on Stripe’s secure page right after you place the order. We hold your items for ${CARD_RESERVATION_MINUTES} minutes.`,
    },
  };
  return (
    <fieldset className={styles.shipTo}>
      <legend className={styles.shipToLegend}>Payment</legend>
      {error && (
        <p className={styles.fieldError} id="checkout-payment-error">
          {error}
        </p>
      )}
      <ul className={styles.destinations}>
        {offer.methods.map((method) => (
          <li key={method}>
            <label className={styles.destination}>
              <input
                type="radio"
                name="paymentMethod"
                value={method}
                checked={chosen === method}
                onChange={() => onChoose(method)}
                disabled={busy}
                // The refusal belongs to the choice: each radio says it is wrong and why (a fieldset cannot).
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'checkout-payment-error' : undefined}
              />
              <span className={styles.methodText}>
                <strong className={styles.destinationName}>{notes[method].name}</strong>{' '}
                <span className={styles.destinationNote}>{notes[method].note}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** An address as it prints, its first line (who receives it) in bold: the way to tell two apart at a glance. */
function DestinationLines({ printed }: { printed: string }) {
  const [first, ...rest] = printed.split('\n');
  return (
    <span>
      <strong className={styles.destinationName}>{first}</strong>
      {rest.length > 0 && `\n${rest.join('\n')}`}
    </span>
  );
}

interface CheckoutFormProps {
  /** The addresses offered, and which is chosen to start with. */
  destinations: readonly Destination[];
  chosen: string;
  /** A new address may be kept in the address book: the shop keeps one, and it has room. */
  canRemember: boolean;
  /** The shipping methods offered (none where the shop charges no shipping). */
  methods: readonly ShippingMethod[];
  /** The countries the shop taxes orders to (none where it sets no rates). */
  taxedCountries: ReadonlySet<string>;
  /** How the buyer may pay (no methods where the shop takes no payment). */
  payment: PaymentOffer;
  /**
   * The charges now: the shipping chosen (none while there is no method, or none can take the order) and the tax (none
   * where the country has no rate, or while it is being worked out).
   */
  onCharges: (charges: Charges) => void;
  /** What the buyer reviewed: its total is the one Place Order asks for. */
  reviewed: ReviewSnapshot;
  /** The review as it is now, beside what was reviewed. */
  review: Review;
  /** This attempt's idempotency key: one per reviewed snapshot, sent again when the attempt is retried. */
  attemptKey: string;
  /** The buyer accepts the order as it is now: it becomes what they reviewed. */
  onAccept: () => void;
  /** The review's heading: the focus goes there after accepting while Place Order cannot be used. */
  reviewHeadingRef: RefObject<HTMLHeadingElement | null>;
  /** The order is placed: the cart it empties is no change to show. */
  onPlaced: () => void;
  /** Placed, and on the way to /order-success (whose code may still be loading): nothing more to do here. */
  placed: boolean;
}

/** What the live region says once the buyer accepted the changes. */
export const changesAccepted = (total: string) => `Changes accepted. The order total is now ${total}.`;

function CheckoutForm({
  destinations,
  chosen,
  canRemember,
  methods,
  taxedCountries,
  payment,
  onCharges,
  reviewed,
  review,
  attemptKey,
  onAccept,
  reviewHeadingRef,
  onPlaced,
  placed,
}: CheckoutFormProps) {
  const navigate = useNavigate();
  const formats = useFormats();
  const client = useApolloClient();
  const [failure, setFailure] = useState<string>();
  // A refusal about the stock is fixed in the cart, not here: the message links there.
  const [fixInCart, setFixInCart] = useState(false);
  // Place Order was refused for a change: the focus goes to the way on (Place Order is disabled meanwhile).
  const [refusedForChange, setRefusedForChange] = useState(0);
  const acceptRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (refusedForChange > 0) acceptRef.current?.focus();
  }, [refusedForChange]);
  const placeOrderRef = useRef<HTMLButtonElement>(null);
  // Accepted: the notice and its button go in the next commit. The focus moves on in that very commit (a layout
  // effect), never left on the page's body.
  const focusAfterAccept = useRef(false);
  const [acceptedNotice, setAcceptedNotice] = useState('');
  const card = useCardPayment();
  // The card order whose payment page the browser went to. Back from there, a browser may show this page as it was
  // left (its back/forward cache): the order's confirmation is shown instead, with the way to pay it.
  const [leftForStripe, setLeftForStripe] = useState<string>();
  useEffect(() => {
    if (!leftForStripe) return undefined;
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted)
        navigate('/order-success', { replace: true, state: { orderId: leftForStripe } satisfies OrderSuccessState });
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, [navigate, leftForStripe]);
  const [checkout] = useMutation(CheckoutDocument, {
    update(cache, { data }) {
      if (!data?.checkout.order) return;
      // Written with the emptied cart, before anything shows it: the review stays as it was while the page leaves.
      onPlaced();
      // The orders list gains this order at its top: it is loaded afresh when next shown.
      cache.evict({ id: cache.identify({ __typename: 'User' }), fieldName: 'orders' });
      // The address it went to is now the last used: the book is read again when next shown.
      forgetAddressList(cache);
    },
  });
  const [saveAddress] = useMutation(SaveAddressDocument, {
    update(cache, { data }) {
      if (data?.saveAddress.address) forgetAddressList(cache);
    },
  });
  const form = useForm<CheckoutForm>({
    defaultValues: {
      shipTo: chosen,
      remember: true,
      address: emptyAddress(),
      shippingMethodId: '',
      shippingCountry: browserCountry(),
      // The only way to pay is chosen already; of several, the buyer chooses.
      paymentMethod: payment.methods.length === 1 ? payment.methods[0]! : '',
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { isSubmitting, errors },
  } = form;
  const shipTo = useWatch({ control, name: 'shipTo' });
  const typingNew = shipTo === NEW_ADDRESS || !destinations.some((destination) => destination.key === shipTo);
  const destination = destinations.find((each) => each.key === shipTo);
  const typedCountry = useWatch({ control, name: 'address.country' });
  const textCountry = useWatch({ control, name: 'shippingCountry' });
  // Where it ships, for the methods' prices: the saved address's country, the new address's, or the one chosen for a
  // text address.
  const shippingCountry = typingNew ? typedCountry : (destination?.country ?? textCountry);
  const quotes = shippingCountry ? methods.map((method) => quoteOf(method, shippingCountry, reviewed.total)) : [];
  const methodId = useWatch({ control, name: 'shippingMethodId' });
  const paymentMethod = useWatch({ control, name: 'paymentMethod' });
  register('paymentMethod', {
    validate: (value) => payment.methods.length === 0 || !!value || PAYMENT_METHOD_REQUIRED,
  });
  const chosenQuote = quotes.find((quote) => quote.method.id === methodId && quote.available);
  const cheapest = cheapestQuote(quotes);
  // A method that cannot take the order here (another country, or none chosen yet) gives way to the cheapest that can.
  useEffect(() => {
    if (!chosenQuote && (cheapest?.method.id ?? '') !== methodId)
      setValue('shippingMethodId', cheapest?.method.id ?? '');
  }, [chosenQuote, cheapest, methodId, setValue]);
  const shippingName = chosenQuote?.available ? chosenQuote.method.name : undefined;
  const shippingPrice = chosenQuote?.available ? chosenQuote.price : undefined;
  const shipping: ChosenShipping | null =
    shippingName && shippingPrice ? { name: shippingName, price: shippingPrice } : null;
  const shippingCents = shippingPrice?.minorUnits;
  const noMethodShipsThere = methods.length > 0 && !!shippingCountry && !cheapest;

  // The tax, where the country has a rate: computed by the shop (its rates by category, what lies under each) for the
  // cart and the method chosen, and used only while it is for the lines reviewed and the shipping shown.
  const taxedThere = !!shippingCountry && taxedCountries.has(shippingCountry);
  const skipCharges = !taxedThere || (methods.length > 0 && !chosenQuote);
  const chargesQuery = useQuery(CheckoutChargesDocument, {
    variables: { shippingCountry: shippingCountry || null, shippingMethodId: chosenQuote ? methodId : null },
    skip: skipCharges,
    fetchPolicy: 'network-only',
  });
  // The lines reviewed changed (accepted changes): the shop works the tax out again for them.
  const reviewedCents = reviewed.total.minorUnits;
  const chargesFor = useRef(reviewedCents);
  const refetchCharges = chargesQuery.refetch;
  useEffect(() => {
    if (chargesFor.current === reviewedCents) return;
    chargesFor.current = reviewedCents;
    if (!skipCharges) void refetchCharges();
  }, [reviewedCents, skipCharges, refetchCharges]);
  const computed = skipCharges ? undefined : chargesQuery.data?.viewer?.cart.charges;
  const current =
    computed &&
    computed.subtotal.minorUnits === reviewedCents &&
    computed.shippingCost.minorUnits === (shippingCents ?? 0)
      ? computed
      : undefined;
  const taxPending = taxedThere && !skipCharges && !current;
  // The shop answered for another cart or another shipping price than this page shows (the cart changed elsewhere, a
  // rate changed), or refused (a method retired meanwhile): the page reads the cart and the methods again, once per
  // answer, so that the review shows the change to accept, or the methods as they are now.
  const stale =
    computed && !current
      ? `${computed.subtotal.minorUnits}/${computed.shippingCost.minorUnits}/${reviewedCents}/${shippingCents ?? 0}`
      : chargesQuery.error && !skipCharges
        ? chargesQuery.error.message
        : '';
  const staleSeen = useRef('');
  useEffect(() => {
    if (!stale || staleSeen.current === stale) return;
    staleSeen.current = stale;
    void client.refetchQueries({ include: [CheckoutPageDocument] });
  }, [stale, client]);
  const taxLines = current?.taxLines ?? [];
  const taxCents = current?.tax.minorUnits;
  const taxIncluded = current?.pricesIncludeTax ?? true;
  // Told up (the review shows them) when they change, by what they are: the quote is made afresh at each render.
  const taxKey = JSON.stringify(taxLines.map((line) => [line.rate, line.tax.minorUnits]));
  useEffect(() => {
    const currency = reviewed.total.currencyCode;
    const lines: [number, number][] = JSON.parse(taxKey);
    onCharges({
      shipping:
        shippingName !== undefined && shippingCents !== undefined
          ? { name: shippingName, price: moneyOf(shippingCents, currency) }
          : null,
      tax:
        lines.length > 0 && taxCents !== undefined
          ? {
              lines: lines.map(([rate, cents]) => ({ rate, tax: moneyOf(cents, currency) })),
              included: taxIncluded,
              total: moneyOf(taxCents, currency),
            }
          : null,
    });
  }, [onCharges, shippingName, shippingCents, taxKey, taxCents, taxIncluded, reviewed.total.currencyCode]);
  const taxAdded = current && !current.pricesIncludeTax ? [current.tax] : [];

  const busy = isSubmitting || placed;
  const changed = review.changes.length > 0;
  const blocked = review.blocked.length > 0;
  const canPlace = !busy && !changed && !blocked && !noMethodShipsThere && !taxPending;

  useLayoutEffect(() => {
    if (!focusAfterAccept.current || changed) return;
    focusAfterAccept.current = false;
    if (canPlace) placeOrderRef.current?.focus();
    else reviewHeadingRef.current?.focus();
  }, [changed, canPlace, reviewHeadingRef]);
  const accept = () => {
    focusAfterAccept.current = true;
    setAcceptedNotice(changesAccepted(formats.money(review.total)));
    onAccept();
    // The lines accepted may keep the total and still be taxed otherwise (another product at the same price).
    if (!skipCharges) void refetchCharges();
  };

  /** The address the order goes to, as it prints; a new one saved first when asked. Undefined when refused. */
  const destinationOf = async ({ shipTo: key, address, remember }: CheckoutForm): Promise<string | undefined> => {
    const offered = destinations.find((destination) => destination.key === key);
    if (offered) return offered.printed;
    const valid = validAddress(address);
    if (!valid) return undefined;
    if (!(remember && canRemember)) return printedAddress(valid);
    const { data } = await saveAddress({ variables: { input: address } });
    const saved = data?.saveAddress.address;
    if (saved) {
      // Saved once: a second attempt ships to it, and saves nothing again.
      setValue('shipTo', `saved:${saved.id}`);
      setValue('address', emptyAddress());
      return saved.printed;
    }
    setFixInCart(false);
    setFailure(showUserErrors(onAddressFields(data?.saveAddress.userErrors ?? []), setError, FORM_FIELDS));
    return undefined;
  };

  const placeOrder = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      const shippingAddress = await destinationOf(values);
      if (shippingAddress === undefined) return;
      // The reviewed total exactly as the graph showed it (Money.amount, a Decimal: no float made of it).
      const { data } = await checkout({
        variables: {
          input: {
            shippingAddress,
            expectedTotalAmount: sumOf(
              [reviewed.total, ...(shipping ? [shipping.price] : []), ...taxAdded],
              reviewed.total.currencyCode,
            ).amount,
            ...(shipping ? { shippingMethodId: methodId } : {}),
            // Where it goes, whenever it is known: what shipping is priced for and the order taxed by.
            ...(shippingCountry && (methods.length > 0 || taxedCountries.size > 0) ? { shippingCountry } : {}),
            // Only one the shop still offers (it may have stopped taking transfers since the page was read).
            ...(paymentMethod && payment.methods.includes(paymentMethod) ? { paymentMethod } : {}),
            idempotencyKey: attemptKey,
          },
        },
      });
      const order = data?.checkout.order;
      if (order?.payment?.method === 'CARD') {
        // Placed: now to Stripe's page for it ('Processing...' until the browser leaves).
        if ((await card.pay(order.id)) === undefined) {
          setLeftForStripe(order.id);
          return;
        }
        navigate('/order-success', {
          replace: true,
          state: { orderId: order.id, cardPageFailed: true } satisfies OrderSuccessState,
        });
        return;
      }
      if (order) {
        navigate('/order-success', { replace: true, state: { orderId: order.id } satisfies OrderSuccessState });
        return;
      }
      const userErrors = data?.checkout.userErrors ?? [];
      const current = data?.checkout.cart;
      const priceChanged = userErrors.some((error) => error.code === 'PRICE_CHANGED');
      if (priceChanged && current && compareReview(reviewed, current, formats).changes.length > 0) {
        // The payload put the cart as it is now in the cache: the review shows what changed, and asks.
        setFixInCart(false);
        setRefusedForChange((count) => count + 1);
        return;
      }
      // Shipping or tax changed meanwhile (a method retired, a rate changed: the total is another with no line
      // changed): the methods and the tax are read again, and the review follows them.
      if (
        priceChanged ||
        userErrors.some((error) => SHIPPING_FIELDS.has(error.field ?? '') || error.field === 'paymentMethod')
      )
        void client.refetchQueries({ include: [CheckoutPageDocument, CheckoutChargesDocument] });
      const banner = showUserErrors(userErrors, setError, []);
      if (banner) {
        setFailure(banner);
        setFixInCart(userErrors.some((error) => FIXED_IN_CART.has(error.code)));
      }
    } catch {
      // Perhaps placed, perhaps not: trying again is the same attempt, and answers the order if there is one.
      setFailure('Checkout failed');
      setFixInCart(false);
    }
  });

  const describedBy = [
    changed && 'checkout-changed',
    blocked && 'checkout-blocked',
    noMethodShipsThere && 'checkout-no-shipping',
    taxPending && (chargesQuery.error ? 'checkout-tax-failed' : 'checkout-tax-pending'),
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={placeOrder} noValidate>
        <h2>Shipping</h2>
        {changed && <ReviewChangedNotice review={review} onAccept={accept} acceptRef={acceptRef} />}
        {/* There before anything is said in it, so that what is said is announced. */}
        <p role="status" className="visually-hidden">
          {/* A new change is a new question: what was accepted before is no longer news (and is said again when
            accepted). */}
          {changed ? '' : acceptedNotice}
        </p>
        {blocked && <BlockedNotice blocked={review.blocked} />}
        {failure && (
          <Alert tone="error">
            {/* One run of text: the alert lays its children side by side. */}
            <span>
              {failure}
              {fixInCart && (
                <>
                  {' '}
                  <Link to="/cart">Review your cart</Link>
                </>
              )}
            </span>
          </Alert>
        )}
        {destinations.length > 0 && (
          <fieldset className={styles.shipTo}>
            <legend className={styles.shipToLegend}>Ship to</legend>
            <ul className={styles.destinations}>
              {destinations.map((destination) => (
                <li key={destination.key}>
                  <label className={styles.destination}>
                    <input
                      type="radio"
                      name="shipTo"
                      value={destination.key}
                      checked={shipTo === destination.key}
                      onChange={() => setValue('shipTo', destination.key)}
                      disabled={busy}
                    />
                    <span className={styles.destinationText}>
                      <DestinationLines printed={destination.printed} />{' '}
                      <span className={styles.destinationNote}>{destination.note}</span>
                    </span>
                  </label>
                </li>
              ))}
              <li>
                <label className={styles.destination}>
                  <input
                    type="radio"
                    name="shipTo"
                    value={NEW_ADDRESS}
                    checked={typingNew}
                    onChange={() => setValue('shipTo', NEW_ADDRESS)}
                    disabled={busy}
                  />
                  <span className={styles.destinationText}>A new address</span>
                </label>
              </li>
            </ul>
          </fieldset>
        )}
        {typingNew && (
          <div className={styles.newAddress} role="group" aria-label="New shipping address">
            <AddressFields />
            {canRemember && (
              <CheckboxField label="Save this address in my address book" disabled={busy} {...register('remember')} />
            )}
          </div>
        )}
        {(methods.length > 0 || taxedCountries.size > 0) && (
          <ShippingMethodChoice
            quotes={quotes}
            chosen={methodId}
            onChoose={(id) => setValue('shippingMethodId', id)}
            busy={busy}
            countryField={
              !typingNew && !destination?.country ? (
                <SelectField
                  label="Country it ships to"
                  required
                  error={errors.shippingCountry?.message}
                  {...register('shippingCountry', { validate: (value) => !!value || COUNTRY_IT_SHIPS_TO_REQUIRED })}
                >
                  <CountryOptions />
                </SelectField>
              ) : null
            }
          />
        )}
        {payment.methods.length > 0 && (
          <PaymentChoice
            offer={payment}
            chosen={paymentMethod}
            onChoose={(method) => setValue('paymentMethod', method, { shouldValidate: true })}
            busy={busy}
            error={errors.paymentMethod?.message}
          />
        )}
        {taxedThere && !skipCharges && chargesQuery.error && (
          <Alert tone="error">
            <span id="checkout-tax-failed">
              Failed to work out the tax.{' '}
              <Button variant="secondary" size="small" onClick={() => void refetchCharges()}>
                Try Again
              </Button>
            </span>
          </Alert>
        )}
        {taxPending && !chargesQuery.error && (
          <p className={styles.pending} id="checkout-tax-pending" role="status">
            Working out the tax…
          </p>
        )}
        {noMethodShipsThere && (
          <Alert tone="error">
            <span id="checkout-no-shipping">
              {countryName(shippingCountry)}: no shipping method ships there. Choose another address.
            </span>
          </Alert>
        )}
        <div className={styles.actions}>
          <ButtonLink to="/cart" variant="secondary" size="large">
            Back to Cart
          </ButtonLink>
          <Button
            ref={placeOrderRef}
            type="submit"
            size="large"
            disabled={!canPlace}
            aria-describedby={describedBy || undefined}
          >
            {busy ? 'Processing...' : 'Place Order'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/** The review and the address form, in their places, while the cart loads. */
function CheckoutSkeleton() {
  return (
    <div className={styles.layout} role="status">
      <span className="visually-hidden">Loading...</span>
      <Card>
        <div className={styles.review}>
          <Skeleton width="45%" height="1.6rem" />
          <Skeleton />
          <Skeleton />
          <Skeleton width="60%" height="1.4rem" />
        </div>
      </Card>
      <Card className={styles.shipping}>
        <div className={styles.form}>
          <Skeleton width="35%" height="1.6rem" />
          <Skeleton width="40%" />
          <Skeleton height="6rem" />
          <Skeleton height="3rem" />
        </div>
      </Card>
    </div>
  );
}

/** What the buyer reviewed, and the key of the attempt to place it. */
interface Reviewed {
  snapshot: ReviewSnapshot;
  attemptKey: string;
}

const reviewedNow = (cart: ReviewSnapshot): Reviewed => ({
  snapshot: snapshotOf(cart),
  attemptKey: newIdempotencyKey(),
});

export function CheckoutRoute() {
  const { data, loading, refetch } = useQuery(CheckoutPageDocument);
  // Apart: where the shop keeps no address books (NOT_SUPPORTED) the order is still placed, to an address typed in.
  const book = useQuery(ViewerAddressesDocument, { errorPolicy: 'all' });
  // Read again after a new address is saved: what was there stays meanwhile, so the form is never taken away.
  const saved = (book.data ?? book.previousData)?.viewer?.addresses;
  const bookPending = book.loading && !saved;
  const formats = useFormats();
  const viewer = data?.viewer;
  const [reviewed, setReviewed] = useState<Reviewed | null>(null);
  // Placed: the cart the order emptied is not a change to point out on the way to /order-success.
  const [placed, setPlaced] = useState(false);
  const [charges, setCharges] = useState<Charges>({ shipping: null, tax: null });
  const reviewHeadingRef = useRef<HTMLHeadingElement>(null);
  // The review is taken when the cart first shows (and again when it was empty and is not any more: nothing was
  // reviewed then).
  if (viewer && (!reviewed || (reviewed.snapshot.items.length === 0 && viewer.cart.items.length > 0 && !placed))) {
    setReviewed(reviewedNow(viewer.cart));
  }

  let content;
  if (viewer && reviewed && reviewed.snapshot.items.length === 0) {
    content = (
      <EmptyState
        title={CART_IS_EMPTY}
        hint="Add something to your cart before checking out."
        action={
          <ButtonLink to="/" variant="primary">
            Continue Shopping
          </ButtonLink>
        }
      />
    );
  } else if (viewer && reviewed && !bookPending) {
    const { destinations, chosen } = destinationsOf(saved ?? [], viewer.recentShippingAddresses, viewer.address);
    const review = withCharges(
      compareReview(reviewed.snapshot, placed ? reviewed.snapshot : viewer.cart, formats),
      charges,
    );
    content = (
      <div className={styles.layout}>
        <OrderReview review={review} charges={charges} headingRef={reviewHeadingRef} />
        <Card className={styles.shipping}>
          <CheckoutForm
            destinations={destinations}
            chosen={chosen}
            canRemember={!!saved && saved.length < MAX_ADDRESSES}
            methods={(data?.shippingMethods ?? []).filter((method) => method.active)}
            taxedCountries={new Set(data?.taxRates.map((rate) => rate.country.code))}
            payment={{
              methods: data?.paymentSettings.methods ?? [],
              bankTransferDays: data?.paymentSettings.bankTransfer?.days ?? null,
            }}
            onCharges={setCharges}
            reviewed={reviewed.snapshot}
            review={review}
            attemptKey={reviewed.attemptKey}
            onAccept={() => setReviewed(reviewedNow(viewer.cart))}
            reviewHeadingRef={reviewHeadingRef}
            onPlaced={() => setPlaced(true)}
            placed={placed}
          />
        </Card>
      </div>
    );
  } else if (loading || bookPending) content = <CheckoutSkeleton />;
  else content = <ErrorState message="Failed to load cart" onRetry={() => void refetch()} />;

  return <Page title="Checkout">{content}</Page>;
}
