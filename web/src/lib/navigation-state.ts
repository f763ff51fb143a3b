// What one screen tells the next through navigation state (react-router's `state`), typed in one place.

/** The login page: where the person was going, and a message (after registering or deleting the account). */
export interface LoginPageState {
  from?: string;
  message?: string;
  /** The username to fill in (after a password reset). */
  username?: string;
}

/** The order success page: the order just placed (spec §2 reads it from navigation state). */
export interface OrderSuccessState {
  orderId: string;
  /** A card order placed whose payment page (Stripe's) could not be opened: the confirmation says so. */
  cardPageFailed?: boolean;
}

/** The listing, after the product form saved a product: it confirms the save, with a link to the product. */
export interface ProductSavedState {
  savedProduct: { id: string; name: string; created: boolean };
}

/** The product form, opened from an admin's page other than the listing (Low Stock): where Save and Cancel go back. */
export interface EditProductPageState {
  returnTo?: string;
}

/** The page of a reset link: its token, moved out of the address (and so out of the history list and any Referer). */
export interface ResetPasswordPageState {
  token: string;
}

/** The page of a verification link: its token, moved out of the address; once used, the address it verified. */
export interface VerifyEmailPageState {
  token?: string;
  verifiedEmail?: string;
}

/**
 * A profile tab opened by a link whose control goes away on arrival (the two-factor notice): the tab's heading takes
 * the focus, which would otherwise fall to the page's body.
 */
export interface ProfileTabState {
  focusTab: true;
}
