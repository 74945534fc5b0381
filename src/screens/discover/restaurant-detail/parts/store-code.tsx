import { useState } from 'react';
import { QrDialog } from '../../../../components/qr-dialog';
import { useStores, useT } from '../../../../stores';
import { pressable } from '../../../../utils/a11y';
import { Line } from '../../../../components/markup';

/**
 * The restaurant's own code, for its counter or flyers: on H5 a link to this screen with its QR code; in the mini
 * program its mini program code (scene `r=<id>`, which home reads on launch to open this restaurant).
 */
export function StoreCode({ id }: { id: number }) {
  const { api, platform } = useStores();
  const t = useT();
  const [open, setOpen] = useState(false);
  const h5 = platform.isH5;
  return (
    <>
      <Line className='restaurant__code' {...pressable(() => setOpen(true))}>
        {t('qr.store_button')}
      </Line>
      <QrDialog
        open={open}
        title={t('qr.store_title')}
        image={api.codes.qrcodeUrl(h5 ? 'restaurant' : 'miniprogram', id)}
        tip={h5 ? t('qr.store_tip_h5') : t('qr.store_tip_weapp')}
        {...(h5 ? { link: platform.siteUrl('restaurantDetail', { id }) } : {})}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
