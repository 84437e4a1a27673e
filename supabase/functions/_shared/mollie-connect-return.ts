// Where Mollie Connect's OAuth comes back, shared by the mollie-connect function and the artist
// portal (shared/src/mollie-connect.ts). Dependency-free: both import it.
//
// The app's one registered redirect URI is the function's /callback on the API's address (in
// production https://<project>.supabase.co/functions/v1/mollie-connect/callback): it sends the
// browser on, with Mollie's answer, to the portal's return page on the site, which checks the
// state and hands the code back to the function (with the artist's token) to exchange.

/** The redirect URI's path on the API's address. */
export const mollieCallbackPath = '/functions/v1/mollie-connect/callback';

/** The portal's return page, on the site (SITE_URL). */
export const mollieConnectReturnPath = '/dashboard/artist/mollie';

/** The registered redirect URI of a project whose API answers at `apiUrl`. */
export const mollieCallbackUri = (apiUrl: string) => `${apiUrl.replace(/\/+$/, '')}${mollieCallbackPath}`;
