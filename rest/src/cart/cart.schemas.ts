// The Cart of spec §3 on the wire and the bodies that change it.
import { Type, type Static } from 'typebox';
import { DatabaseId } from '../shared/schemas.js';
import { lineProduct } from '../products/line-products.js';

const itemFields = {
  productId: Type.Integer(),
  productName: Type.String(),
  price: Type.Number({ description: 'Current unit price in dollars' }),
  quantity: Type.Integer(),
  subtotal: Type.Number(),
};

/** The cart; with the extensions each line carries its product too (line-products). */
export const CartAnswerSchema = (extensions: boolean) =>
  Type.Object({
    id: Type.Integer({ description: 'The cart’s id; one cart per user' }),
    items: Type.Array(Type.Object(extensions ? { ...itemFields, ...lineProduct('cart') } : itemFields)),
    totalItems: Type.Integer({ description: 'Sum of the quantities' }),
    totalPrice: Type.Number(),
  });
/** The service's answer; with the extensions each line carries its product, read with the lines (line-products). */
export type CartAnswer = Static<ReturnType<typeof CartAnswerSchema>>;

// From 1 to the largest stock: checked by the rule shared with the gateway (shop-rules), before the product's stock.
const CartQuantity = Type.Integer();

export const AddToCartBody = Type.Object({
  productId: DatabaseId,
  quantity: Type.Optional(Type.Integer({ ...CartQuantity, default: 1 })),
});

export const ProductIdParams = Type.Object({ productId: DatabaseId });

export const QuantityQuery = Type.Object({ quantity: CartQuantity });
