import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { ReachInfo } from '../../../types/api/codes';
import { ABOUT_ARTICLE_ID, SPONSORSHIP_ARTICLE_ID } from '../../../types/constants';
import { useStores, useT } from '../../stores';
import { QrDialog } from '../qr-dialog';
import './index.scss';
import { pressable } from '../../utils/a11y';
import { Box, Line } from '../markup';

type Dialog = 'contact' | 'join' | null;

/** The H5 site's footer (spec §2 "Footer"): customer service, locations, about us. */
export const SiteFooter = observer(function SiteFooter() {
  const { session, platform, api, siteInfo } = useStores();
  const t = useT();
  const [dialog, setDialog] = useState<Dialog>(null);
  const nav = platform.navigation;
  useEffect(() => void siteInfo.load(), [siteInfo]);
  const info = siteInfo.info;
  /** A dialog's picture (none when the server has no code: the details say it in words) and its details. */
  const reach = (kind: 'contact' | 'merchant', r: ReachInfo | undefined) => ({
    ...(r && !r.qr ? {} : { image: api.codes.qrcodeUrl(kind) }),
    details: [
      ...(r?.phone ? [{ kind: 'phone' as const, label: t('footer.phone'), value: r.phone }] : []),
      ...(r?.wechat_id ? [{ kind: 'wechat' as const, label: t('footer.wechat_id'), value: r.wechat_id }] : []),
    ],
  });

  return (
    <Box className='site-footer'>
      <Box className='site-footer__columns'>
        <Box className='site-footer__column'>
          <Line className='site-footer__heading'>{t('footer.customer_service')}</Line>
          <Line className='site-footer__link footer-contact' {...pressable(() => setDialog('contact'))}>
            {t('footer.contact_us')}
          </Line>
          {/* Labels kept as observed in the specification: the /login link reads "sign up", /register "log in". */}
          <Line className='site-footer__link footer-to-login' {...pressable(() => void nav.go('login'))}>
            {t('footer.signup_link')}
          </Line>
          <Line className='site-footer__link footer-to-register' {...pressable(() => void nav.go('register'))}>
            {t('footer.login_link')}
          </Line>
          {session.isLoggedIn && (
            <Line className='site-footer__link footer-my-account' {...pressable(() => void nav.go('mine'))}>
              {t('footer.my_account')}
            </Line>
          )}
        </Box>
        <Box className='site-footer__column'>
          <Line className='site-footer__heading'>{t('footer.locations')}</Line>
          <Line className='site-footer__text'>{t('footer.city_shenzhen')}</Line>
          <Line className='site-footer__text'>{t('footer.city_huizhou')}</Line>
          <Line className='site-footer__text'>{t('footer.city_guangzhou')}</Line>
          <Line className='site-footer__text'>{t('footer.city_dongguan')}</Line>
        </Box>
        <Box className='site-footer__column'>
          <Line className='site-footer__heading'>{t('footer.about_us')}</Line>
          <Line
            className='site-footer__link footer-what-we-do'
            {...pressable(() => void nav.go('article', { id: ABOUT_ARTICLE_ID }))}
          >
            {t('footer.what_we_do')}
          </Line>
          <Line className='site-footer__link footer-join' {...pressable(() => setDialog('join'))}>
            {t('footer.how_to_join')}
          </Line>
          <Line
            className='site-footer__link footer-sponsorship'
            {...pressable(() => void nav.go('article', { id: SPONSORSHIP_ARTICLE_ID }))}
          >
            {t('footer.sponsorship')}
          </Line>
        </Box>
      </Box>
      <Box className='site-footer__legal'>
        <Line>{t('footer.copyright', { year: new Date().getFullYear() })}</Line>
        {info?.icp_filing ? (
          <Line className='site-footer__filing'>{t('footer.filing', { number: info.icp_filing })}</Line>
        ) : null}
      </Box>
      <QrDialog
        open={dialog === 'contact'}
        title={t('footer.contact_us')}
        {...reach('contact', info?.contact)}
        tip={t('footer.contact_tip')}
        none={t('footer.contact_none')}
        onClose={() => setDialog(null)}
      />
      <QrDialog
        open={dialog === 'join'}
        title={t('footer.how_to_join')}
        {...reach('merchant', info?.merchant)}
        tip={t('footer.join_tip')}
        intro={t('footer.join_intro')}
        none={t('footer.join_none')}
        onClose={() => setDialog(null)}
      />
    </Box>
  );
});
