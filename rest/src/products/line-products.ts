// Extension line-products (issue 33): a cart's lines and an order's lines carry their product as GET
// /api/products/{id} answers it now (null on an order's line once the product is deleted), so a client showing the
// lines' pictures, stock or current price needs no second call. A cart reads its lines' products with the lines, by one
// join (cart.service.ts); an order's are added here to every answer of the routes it is hooked on, whatever their shape
// (an order, a list or a page of them), with one query for all of their lines.
import type { FastifyInstance } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { ProductService } from './product.service.js';
import { ProductAnswer } from './product.schemas.js';

/** The name this extension has in Contract-Extensions. */
export const LINE_PRODUCTS = 'line-products';

/** A line's product on the wire: always there on a cart's line, null on an order's once deleted. */
export const lineProduct = (line: 'cart' | 'order'): Record<'product', TSchema> => ({
  product:
    line === 'cart'
      ? ProductAnswer(true)
      : Type.Union([ProductAnswer(true), Type.Null()], {
          description: 'The product as it is now; null once deleted (extension: line-products)',
        }),
});

interface WithLines {
  items: { productId: number; product?: unknown }[];
}

/** The carts or orders an answer holds: itself, the entries of a list, or the content of a page. */
function holders(payload: unknown): WithLines[] {
  if (Array.isArray(payload)) return payload.flatMap(holders);
  if (payload === null || typeof payload !== 'object') return [];
  if ('items' in payload && Array.isArray(payload.items)) return [payload as WithLines];
  if ('content' in payload && Array.isArray(payload.content)) return holders(payload.content);
  return [];
}

/** Hooks every answer of `app`'s routes (their 2xx answers) to carry each line's product. */
export function addLineProducts(app: FastifyInstance, products: ProductService): void {
  app.addHook('preSerialization', async (_request, reply, payload) => {
    if (reply.statusCode >= 300) return payload;
    const lines = holders(payload).flatMap((holder) => holder.items);
    if (lines.length === 0) return payload;
    const found = await products.byIds([...new Set(lines.map((line) => line.productId))]);
    const byId = new Map(found.map((product) => [product.id, product]));
    for (const line of lines) line.product = byId.get(line.productId) ?? null;
    return payload;
  });
}
