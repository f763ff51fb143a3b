// Mutations of the catalogue (admins): create, update, delete. Each change is published: to productUpdated, or, for
// a deletion, to productRemoved.
import { PRODUCT_GRAPH_INPUTS, contractFieldsOf } from '../../../../shop-rules/product-fields.js';
import { PRICE_REQUIRED, validateProductForm } from '../../../../shop-rules/product-rules.js';
import type { CreateProductInput, MutationResolvers } from '../../__generated__/resolvers-types.js';
import type { GatewayContext } from '../../context.js';
import { InputCheck, InputProblem } from '../../errors.js';
import { numericIdOf } from '../../global-id.js';
import type { RestProduct } from '../../rest/contract.js';
import { productsByIds } from '../../rest/plain-contract/by-ids.js';
import type { ProductBody } from '../../rest/products-api.js';
import { refuseProductFieldsTheImplementationLacks } from '../../rest/plain-contract/checks.js';
import { withUserErrors } from './user-errors.js';
import { categoryIdOf } from '../category.js';

const PRICE_TWICE = 'Give unitPriceAmount or price, not both';

/** The input field the price came in: `unitPriceAmount` (exact text), or the deprecated Float `price`. */
const priceFieldOf = (input: Pick<CreateProductInput, 'price' | 'unitPriceAmount'>) =>
  input.price != null && input.unitPriceAmount == null ? 'price' : 'unitPriceAmount';

// For answers without a field (the plain contract): "Product not found" is about the id, as when the id is of
// another type.

/**
 * The form as the contract takes it, after the rules of spec §5 (the REST service checks them again); refused with
 * every broken rule at once, and whatever `check` found before.
 */
function productBody(input: CreateProductInput, check: InputCheck = new InputCheck()): ProductBody {
  // Categories by global id in the graph, by number in the contract: an id of another type names none.
  const categoryIds =
    input.categoryIds == null
      ? input.categoryIds
      : check.attempt(() => input.categoryIds!.map((id) => categoryIdOf(id, 'categoryIds', 'INVALID_INPUT')));
  // The price as exact text where the client sent it so, as dollars where it sent the deprecated Float; one of them.
  const field = priceFieldOf(input);
  const given = input.unitPriceAmount ?? input.price ?? undefined;
  const twice = input.price != null && input.unitPriceAmount != null;
  if (twice || given === undefined) check.add({ message: twice ? PRICE_TWICE : PRICE_REQUIRED, field });
  // A price refused above is not judged again; the rules name it `price`, the client may have called it otherwise.
  const valid = validateProductForm({
    ...input,
    categoryIds: categoryIds ?? (input.categoryIds === undefined ? undefined : null),
    price: twice || given === undefined ? 0 : given,
  });
  if (Array.isArray(valid))
    check.refuse(...valid.map((violation) => (violation.field === 'price' ? { ...violation, field } : violation)));
  check.done();
  // A field the input left out that an update keeps (the SKU) is left out of the body too: REST keeps it.
  return contractFieldsOf(valid, { ...input, categoryIds });
}

export function productIdOf(globalId: string, field: string): number {
  const id = numericIdOf(globalId, 'Product');
  if (id === undefined) throw new InputProblem('Product not found', field, 'NOT_FOUND');
  return id;
}

export async function publishProduct(context: GatewayContext, product: RestProduct): Promise<void> {
  try {
    await context.pubsub.publish('PRODUCT_UPDATED', { product });
  } catch (error) {
    context.log.error({ err: error, productId: product.id }, 'could not publish productUpdated');
  }
}

/** After stock changed elsewhere (checkout, cancellation): the products as they are now, published. */
export async function publishProductsById(context: GatewayContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  try {
    const products = await productsByIds(context.api, [...new Set(ids)]);
    await Promise.all([...products.values()].map((product) => publishProduct(context, product)));
  } catch (error) {
    context.log.error({ err: error, productIds: ids }, 'could not publish productUpdated');
  }
}

export const catalogueMutations: Pick<MutationResolvers, 'createProduct' | 'updateProduct' | 'deleteProduct'> = {
  createProduct: (_root, { input }, context) =>
    withUserErrors(input, { fields: PRODUCT_GRAPH_INPUTS, restFields: { price: priceFieldOf(input) } }, async () => {
      const body = productBody(input);
      await refuseProductFieldsTheImplementationLacks(context.api, body);
      const product = (await context.api.products.create(body)) ?? null;
      if (product) {
        context.loaders.primeProducts([product]);
        await publishProduct(context, product);
      }
      return { product };
    }),

  updateProduct: (_root, { input }, context) =>
    withUserErrors(
      input,
      { fields: ['id', ...PRODUCT_GRAPH_INPUTS], restFields: { price: priceFieldOf(input) } },
      async () => {
        const check = new InputCheck();
        const id = check.attempt(() => productIdOf(input.id, 'id'))!;
        const body = productBody(input, check);
        await refuseProductFieldsTheImplementationLacks(context.api, body);
        const answer = await context.api.products.update(id, body);
        const product = answer && typeof answer === 'object' ? answer : await context.api.products.byId(id);
        if (product) {
          context.loaders.primeProducts([product]);
          await publishProduct(context, product);
        }
        return { product };
      },
    ),

  deleteProduct: (_root, { input }, context) =>
    withUserErrors(input, { fields: ['id'] }, async () => {
      const productId = productIdOf(input.id, 'id');
      await context.api.products.delete(productId);
      context.loaders.productById.clearAll();
      context.loaders.cart.clear();
      try {
        await context.pubsub.publish('PRODUCT_REMOVED', { productId });
      } catch (error) {
        context.log.error({ err: error, productId }, 'could not publish productRemoved');
      }
      return { deletedProductId: input.id };
    }),
};
