// How an address names a tab of /profile (`?tab=two-factor`): links elsewhere open one without loading the profile's
// code into theirs.

/** The profile's tabs in their order, as the address names them. */
export const PROFILE_TAB_SLUGS = ['information', 'addresses', 'password', 'two-factor', 'settings'] as const;
export type ProfileTab = (typeof PROFILE_TAB_SLUGS)[number];

/** The address of a profile tab. */
export const profileTabPath = (tab: ProfileTab) => `/profile?tab=${tab}`;
