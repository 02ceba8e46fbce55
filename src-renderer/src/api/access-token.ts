import { ACCESS_TOKEN_FRAGMENT_KEY } from '../../../src-shared/http-api';

const STORAGE_KEY = 'stratum.accessToken';

/**
 * Browser mode's access token: the server prints the page's address with it in the fragment
 * (`#token=...`). Read once, it is kept for this tab (a reload keeps working) and taken out of the
 * address bar, so that it is not bookmarked, shared or shown over the shoulder. Null when the page
 * was opened without it.
 */
export function takeAccessToken(
  location: Pick<Location, 'hash' | 'pathname' | 'search'>,
  history: Pick<History, 'replaceState'>,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
): string | null {
  const fromAddress = new URLSearchParams(location.hash.replace(/^#/, '')).get(ACCESS_TOKEN_FRAGMENT_KEY);
  if (fromAddress) {
    storage.setItem(STORAGE_KEY, fromAddress);
    history.replaceState(null, '', `${location.pathname}${location.search}`);
    return fromAddress;
  }
  return storage.getItem(STORAGE_KEY);
}
