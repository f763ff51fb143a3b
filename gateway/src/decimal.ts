// The graph's Decimal: an exact amount written as text ("19.98"), how money comes into the graph. A binary float would
// not do (19.98 as a double is 19.98000000000000042…), and a client holds the amount as text already: Money.amount.
// Only the form is checked here, as the request's own error; which amounts a field takes is the shop's rules'
// (shop-rules' money.ts), answered as userErrors.
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { DECIMAL_MAX_LENGTH, DECIMAL_PATTERN } from '../../shop-rules/money.js';

const NOT_A_DECIMAL = `Decimal must be an amount written as text, such as "19.98": digits, optionally a point and more digits, at most ${DECIMAL_MAX_LENGTH} characters`;

const isDecimal = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= DECIMAL_MAX_LENGTH && DECIMAL_PATTERN.test(value);

function decimalOf(value: unknown): string {
  if (!isDecimal(value)) throw new GraphQLError(NOT_A_DECIMAL, { extensions: { code: 'BAD_USER_INPUT' } });
  return value;
}

export const Decimal = new GraphQLScalarType<string, string>({
  name: 'Decimal',
  description: 'An exact decimal amount, written as text: "19.98".',
  serialize: (value) => decimalOf(value),
  // A variable: refused as "Variable "$input" got invalid value 19.98 at "input.expectedTotalAmount"; …".
  parseValue: (value) => decimalOf(value),
  // A literal in the document, a Float or Int one too (19.98 written as a number is not text): a plain error, which
  // validation answers with the literal and its place ('Expected value of type "Decimal", found 19.98; …').
  parseLiteral: (node) => {
    const value = node.kind === Kind.STRING ? node.value : undefined;
    if (!isDecimal(value)) throw new TypeError(NOT_A_DECIMAL);
    return value;
  },
});
