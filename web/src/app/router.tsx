// The screens of spec §2 and who may see them. Login, register and the listing are in the first download;
// every other screen is loaded when first opened. Each route has its own error boundary and document title.
// Declarative routes (<Routes>): the data-router APIs (loaders, actions) would add ~16 KB gzip that the app, whose
// data comes from Apollo, does not use.
import { type ComponentType, type LazyExoticComponent, type ReactNode, lazy, useEffect } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { Route, Routes } from 'react-router-dom';
import { DocumentTitle } from '../components/document-title';
import { RouteErrorBoundary } from '../components/route-error-boundary';
import { LoginRoute } from '../features/auth/login-route';
import { RegisterRoute } from '../features/auth/register-route';
import { ProductListingRoute } from '../features/product-listing/product-listing-route';
import { ViewerCartDocument } from '../gql/graphql';
import { GuestOnly, RequirePermission, RequireSession, UnknownPath } from './guards';
import { AppShell } from './layout/app-shell';
import { ProductPageTitle } from './layout/product-page-title';

/** A screen loaded on first use: `load` answers its module, `name` the route component in it. */
function lazyScreen<Module>(load: () => Promise<Module>, name: keyof Module): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const loadProductDetail = () => import('../features/product-detail/product-detail-route');
const ProductDetailRoute = lazyScreen(loadProductDetail, 'ProductDetailRoute');

/**
 * On the listing, the product page's code and the viewer's cart (what the page reads to stop the quantity at what
 * still fits) are fetched once the browser is idle: opening a product from the listing then needs no request at all
 * (its data is in the cache already, DESIGN §8). The cart stays current in the cache: every cart mutation answers
 * with it.
 */
function PrefetchProductPage() {
  const client = useApolloClient();
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(() => {
      void loadProductDetail().catch(() => undefined);
      void client.query({ query: ViewerCartDocument }).catch(() => undefined);
    });
  }, [client]);
  return null;
}
const CreateProductRoute = lazyScreen(
  () => import('../features/product-form/product-form-route'),
  'CreateProductRoute',
);
const EditProductRoute = lazyScreen(() => import('../features/product-form/product-form-route'), 'EditProductRoute');
const CartRoute = lazyScreen(() => import('../features/cart/cart-route'), 'CartRoute');
const CheckoutRoute = lazyScreen(() => import('../features/checkout/checkout-route'), 'CheckoutRoute');
const OrderSuccessRoute = lazyScreen(
  () => import('../features/order-success/order-success-route'),
  'OrderSuccessRoute',
);
const OrdersRoute = lazyScreen(() => import('../features/orders/orders-route'), 'OrdersRoute');
const ProfileRoute = lazyScreen(() => import('../features/profile/profile-route'), 'ProfileRoute');
const ChatRoute = lazyScreen(() => import('../features/chat/chat-route'), 'ChatRoute');
const ForgotPasswordRoute = lazyScreen(() => import('../features/auth/forgot-password-route'), 'ForgotPasswordRoute');
const ResetPasswordRoute = lazyScreen(() => import('../features/auth/reset-password-route'), 'ResetPasswordRoute');
const VerifyEmailRoute = lazyScreen(() => import('../features/auth/verify-email-route'), 'VerifyEmailRoute');
const OrderDeskRoute = lazyScreen(() => import('../features/order-desk/order-desk-route'), 'OrderDeskRoute');
const CategoryAdminRoute = lazyScreen(
  () => import('../features/category-admin/category-admin-route'),
  'CategoryAdminRoute',
);
const ShippingAdminRoute = lazyScreen(
  () => import('../features/shipping-admin/shipping-admin-route'),
  'ShippingAdminRoute',
);
const TaxAdminRoute = lazyScreen(() => import('../features/tax-admin/tax-admin-route'), 'TaxAdminRoute');
const ModerationRoute = lazyScreen(() => import('../features/chat-moderation/moderation-route'), 'ModerationRoute');
const StaffAdminRoute = lazyScreen(() => import('../features/staff-admin/staff-admin-route'), 'StaffAdminRoute');
const PaymentAdminRoute = lazyScreen(
  () => import('../features/payment-admin/payment-admin-route'),
  'PaymentAdminRoute',
);
const LowStockRoute = lazyScreen(() => import('../features/low-stock/low-stock-route'), 'LowStockRoute');
const CatalogueCsvRoute = lazyScreen(
  () => import('../features/catalogue-csv/catalogue-csv-route'),
  'CatalogueCsvRoute',
);

/** A screen with its error boundary and its title: a string, or what works the title out (a product's name). */
const screen = (title: string | ReactNode, element: ReactNode) => (
  <RouteErrorBoundary>
    {typeof title === 'string' ? <DocumentTitle title={title} /> : title}
    {element}
  </RouteErrorBoundary>
);

export function ShopRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route element={<GuestOnly />}>
          <Route path="login" element={screen('Login', <LoginRoute />)} />
          <Route path="register" element={screen('Register', <RegisterRoute />)} />
          <Route path="forgot-password" element={screen('Forgot Password', <ForgotPasswordRoute />)} />
        </Route>
        {/* The e-mailed link works whoever is logged in here: the reset ends that session anyway. */}
        <Route path="reset-password" element={screen('Reset Password', <ResetPasswordRoute />)} />
        {/* The e-mailed link works whoever is logged in here, or nobody: its token is the proof. */}
        <Route path="verify-email" element={screen('Verify Email', <VerifyEmailRoute />)} />
        <Route element={<RequireSession />}>
          <Route
            index
            element={screen(
              'Products',
              <>
                <ProductListingRoute />
                <PrefetchProductPage />
              </>,
            )}
          />
          <Route path="products/:productId" element={screen(<ProductPageTitle />, <ProductDetailRoute />)} />
          <Route element={<RequirePermission anyOf={['MANAGE_CATALOGUE']} />}>
            <Route path="create" element={screen('Create Product', <CreateProductRoute />)} />
            <Route path="edit/:productId" element={screen('Edit Product', <EditProductRoute />)} />
            <Route path="admin/low-stock" element={screen('Low Stock', <LowStockRoute />)} />
            <Route path="admin/categories" element={screen('Categories', <CategoryAdminRoute />)} />
            <Route path="admin/import" element={screen('Import and Export', <CatalogueCsvRoute />)} />
          </Route>
          <Route element={<RequirePermission anyOf={['MANAGE_ORDERS', 'RECORD_PAYMENTS']} />}>
            <Route path="admin/orders" element={screen('Manage Orders', <OrderDeskRoute />)} />
          </Route>
          <Route element={<RequirePermission anyOf={['MANAGE_SETTINGS']} />}>
            <Route path="admin/shipping" element={screen('Shipping Methods', <ShippingAdminRoute />)} />
            <Route path="admin/tax" element={screen('Tax', <TaxAdminRoute />)} />
            <Route path="admin/payment" element={screen('Payment', <PaymentAdminRoute />)} />
          </Route>
          <Route element={<RequirePermission anyOf={['MODERATE_CHAT']} />}>
            <Route path="admin/reports" element={screen('Reported Messages', <ModerationRoute />)} />
          </Route>
          <Route element={<RequirePermission anyOf={['MANAGE_STAFF']} />}>
            <Route path="admin/staff" element={screen('Staff', <StaffAdminRoute />)} />
          </Route>
          <Route path="cart" element={screen('Cart', <CartRoute />)} />
          <Route path="checkout" element={screen('Checkout', <CheckoutRoute />)} />
          <Route path="order-success" element={screen('Order Placed', <OrderSuccessRoute />)} />
          <Route path="orders" element={screen('Orders', <OrdersRoute />)} />
          <Route path="profile" element={screen('Profile', <ProfileRoute />)} />
          <Route path="chat" element={screen('Chat', <ChatRoute />)} />
        </Route>
        <Route path="*" element={<UnknownPath />} />
      </Route>
    </Routes>
  );
}
