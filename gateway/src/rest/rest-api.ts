// Every data source of the contract, bound to one caller (token and request id).
import { CartApi } from './cart-api.js';
import { CategoriesApi } from './categories-api.js';
import { ChatApi } from './chat-api.js';
import { OrdersApi } from './orders-api.js';
import { ProductsApi } from './products-api.js';
import { ShippingApi } from './shipping-api.js';
import { TaxApi } from './tax-api.js';
import { PaymentApi } from './payment-api.js';
import { StaffApi } from './staff-api.js';
import { TwoFactorApi } from './two-factor-api.js';
import { ChatBlocksApi } from './chat-blocks-api.js';
import { ChatReportsApi } from './chat-reports-api.js';
import type { Caller, RestClient } from './rest-client.js';
import { UsersApi } from './users-api.js';

export interface RestApi {
  products: ProductsApi;
  categories: CategoriesApi;
  users: UsersApi;
  cart: CartApi;
  orders: OrdersApi;
  chat: ChatApi;
  shipping: ShippingApi;
  tax: TaxApi;
  payment: PaymentApi;
  staff: StaffApi;
  twoFactor: TwoFactorApi;
  chatBlocks: ChatBlocksApi;
  chatReports: ChatReportsApi;
}

export function createRestApi(rest: RestClient, caller: Caller): RestApi {
  const products = new ProductsApi(rest, caller);
  const users = new UsersApi(rest, caller);
  return {
    products,
    categories: new CategoriesApi(rest, caller, products),
    users,
    shipping: new ShippingApi(rest, caller, users),
    tax: new TaxApi(rest, caller, users),
    payment: new PaymentApi(rest, caller, users),
    staff: new StaffApi(rest, caller, users),
    twoFactor: new TwoFactorApi(rest, caller, users),
    chatBlocks: new ChatBlocksApi(rest, caller, users),
    chatReports: new ChatReportsApi(rest, caller, users),
    cart: new CartApi(rest, caller),
    orders: new OrdersApi(rest, caller),
    chat: new ChatApi(rest, caller),
  };
}
