// The Cart of spec §3 on the wire and the bodies that change it.
import { Type, type Static } from 'typebox';
import { DatabaseId } from '../shared/schemas.js';

export const CartItemAnswer = Type.Object({
  productId: Type.Integer(),
  productName: Type.String(),
  price: Type.Number({ description: 'Current unit price in dollars' }),
  quantity: Type.Integer(),
  subtotal: Type.Number(),
});

export const CartAnswer = Type.Object({
  id: Type.Integer({ description: 'The cart’s id; one cart per user' }),
  items: Type.Array(CartItemAnswer),
  totalItems: Type.Integer({ description: 'Sum of the quantities' }),
  totalPrice: Type.Number(),
});
export type CartAnswer = Static<typeof CartAnswer>;

// From 1 to the largest stock: checked by the rule shared with the gateway (shop-rules), before the product's stock.
const CartQuantity = Type.Integer();

export const AddToCartBody = Type.Object({
  productId: DatabaseId,
  quantity: Type.Optional(Type.Integer({ ...CartQuantity, default: 1 })),
});

export const ProductIdParams = Type.Object({ productId: DatabaseId });

export const QuantityQuery = Type.Object({ quantity: CartQuantity });
