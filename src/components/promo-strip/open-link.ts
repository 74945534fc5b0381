import type { Link } from '../../../types/api/catalogue';
import { useStores, useT } from '../../stores';

/**
 * Opens what a promotion or ad points at: a restaurant, an article, or a web page through the platform (H5 navigates;
 * the mini program shows allowed hosts in its web-view and copies other links, which the customer is told).
 * A module of its own: home's pop-ups use it without the strips, which are only on sub-package screens in the mini
 * program (issue 10).
 */
export function useOpenLink() {
  const { platform } = useStores();
  const t = useT();
  return async (link: Link) => {
    if (link.type === 'restaurant' && link.id) await platform.navigation.go('restaurantDetail', { id: link.id });
    else if (link.type === 'article' && link.id) await platform.navigation.go('article', { id: link.id });
    else if (link.type === 'url' && link.url) {
      const outcome = await platform.openUrl(link.url);
      if (outcome === 'copied') platform.feedback.toast(t('link.copied'));
      else if (outcome === 'refused') platform.feedback.toast(t('link.cannot_open'), 'error');
    }
  };
}
