import { Text, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { ABOUT_ARTICLE_ID } from '../../../types/constants';
import { useStores, useT } from '../../stores';
import { QrDialog } from '../qr-dialog';
import './index.scss';
import { pressable } from '../../utils/a11y';

type Dialog = 'contact' | 'join' | null;

/** The H5 site's footer (spec §2 "Footer"): customer service, locations, about us. */
export const SiteFooter = observer(function SiteFooter() {
  const { session, platform, api } = useStores();
  const t = useT();
  const [dialog, setDialog] = useState<Dialog>(null);
  const nav = platform.navigation;

  return (
    <View className='site-footer'>
      <View className='site-footer__columns'>
        <View className='site-footer__column'>
          <Text className='site-footer__heading'>{t('footer.customer_service')}</Text>
          <Text className='site-footer__link footer-contact' {...pressable(() => setDialog('contact'))}>
            {t('footer.contact_us')}
          </Text>
          {/* Labels kept as observed in the specification: the /login link reads "sign up", /register "log in". */}
          <Text className='site-footer__link footer-to-login' {...pressable(() => void nav.go('login'))}>
            {t('footer.signup_link')}
          </Text>
          <Text className='site-footer__link footer-to-register' {...pressable(() => void nav.go('register'))}>
            {t('footer.login_link')}
          </Text>
          {session.isLoggedIn && (
            <Text className='site-footer__link footer-my-account' {...pressable(() => void nav.go('mine'))}>
              {t('footer.my_account')}
            </Text>
          )}
        </View>
        <View className='site-footer__column'>
          <Text className='site-footer__heading'>{t('footer.locations')}</Text>
          <Text className='site-footer__text'>{t('footer.city_shenzhen')}</Text>
          <Text className='site-footer__text'>{t('footer.city_huizhou')}</Text>
          <Text className='site-footer__text'>{t('footer.city_guangzhou')}</Text>
          <Text className='site-footer__text'>{t('footer.city_dongguan')}</Text>
        </View>
        <View className='site-footer__column'>
          <Text className='site-footer__heading'>{t('footer.about_us')}</Text>
          <Text
            className='site-footer__link footer-what-we-do'
            {...pressable(() => void nav.go('article', { id: ABOUT_ARTICLE_ID }))}
          >
            {t('footer.what_we_do')}
          </Text>
          <Text className='site-footer__link footer-join' {...pressable(() => setDialog('join'))}>
            {t('footer.how_to_join')}
          </Text>
          <Text className='site-footer__text'>{t('footer.sponsorship')}</Text>
        </View>
      </View>
      <View className='site-footer__legal'>
        <Text>{t('footer.copyright', { year: new Date().getFullYear() })}</Text>
        <Text className='site-footer__filing'>{t('footer.filing')}</Text>
      </View>
      <QrDialog
        open={dialog === 'contact'}
        title={t('footer.contact_us')}
        image={api.codes.qrcodeUrl('contact')}
        tip={t('footer.contact_tip')}
        onClose={() => setDialog(null)}
      />
      <QrDialog
        open={dialog === 'join'}
        title={t('footer.how_to_join')}
        image={api.codes.qrcodeUrl('merchant')}
        tip={t('footer.join_tip')}
        onClose={() => setDialog(null)}
      />
    </View>
  );
});
