import { useEffect } from 'react';
import { restaurantOfScene } from '../../../../../types/codes';
import { useStores } from '../../../../stores';

/**
 * A mini program code opens home with `scene` in its query (URL-encoded, as WeChat hands it over): `r=<id>` is a
 * restaurant's own code (server `qrcode?kind=miniprogram&id=`), so its menu opens on top of home, and back returns
 * home. Any other scene (the plain mini program code says `home`) stays on home.
 */
export function useLaunchScene() {
  const { platform } = useStores();
  useEffect(() => {
    const id = restaurantOfScene(platform.navigation.params('home').scene);
    if (id) void platform.navigation.go('restaurantDetail', { id });
  }, [platform]);
}
