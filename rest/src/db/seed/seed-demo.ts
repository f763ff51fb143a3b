// Loads the demo catalogue into an empty shop (SEED_DEMO=true). Its images are served by this service itself.
import type { ProductRepository } from '../../products/product.repository.js';
import { dollarsToCents } from '../../../../shop-rules/money.js';
import { demoProducts } from './demo-products.js';

export const DEMO_IMAGE_PATH = '/images/products/';

/** Answers how many products it added: none when the catalogue already has products. */
export async function seedDemoCatalogue(products: ProductRepository): Promise<number> {
  if ((await products.count({})) > 0) return 0;
  for (const product of demoProducts) {
    const imageUrls = product.images.map((file) => `${DEMO_IMAGE_PATH}${file}`);
    await products.insert({
      name: product.name,
      description: product.description,
      priceCents: dollarsToCents(product.price) ?? 0,
      quantity: product.quantity,
      imageUrl: imageUrls[0] ?? null,
      imageUrls,
    });
  }
  return demoProducts.length;
}
