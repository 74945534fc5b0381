import { useState } from 'react';
import type { RouteName } from '../routes';

/**
 * The route parameters of this page, as it was opened. The platform reads them from the page on top (H5: the
 * address bar), so a page re-rendered while another one covers it (a login that changes the session, the
 * edit-address screen over settlement) would read the other page's; a page keeps its own for its whole life.
 */
export function useRouteParams(
  navigation: { params(route: RouteName): Record<string, string> },
  route: RouteName,
): Record<string, string> {
  const [params] = useState(() => navigation.params(route));
  return params;
}
