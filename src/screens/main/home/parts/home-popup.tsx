import { Button, Image, Text, View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { Link } from '../../../../../types/api/catalogue';
import { DialogFrame } from '../../../../components/notice-dialog';
import { useOpenLink } from '../../../../components/promo-strip/open-link';
import { useStores, useT } from '../../../../stores';
import { altText, pressable } from '../../../../utils/a11y';

const linked = (link: Link) =>
  ((link.type === 'restaurant' || link.type === 'article') && !!link.id) || (link.type === 'url' && !!link.url);

/**
 * The seeded pop-ups on home, one at a time: each shows once per user (or device, logged out) until its version
 * changes (the server keeps what was seen: popuplist / updatepopup). Closing or following it records it as seen.
 */
export const HomePopup = observer(function HomePopup() {
  const root = useStores();
  const { popups, session, ui } = root;
  const t = useT();
  const open = useOpenLink();
  useDidShow(() => void popups.load());
  // Logging in or switching the language asks again (another viewer, texts in the other language).
  useEffect(() => {
    void popups.load();
  }, [popups, session.isLoggedIn, ui.lang]);

  const popup = popups.current;
  if (!popup) return null;
  const follow = () => {
    void popups.dismiss();
    void open(popup.link);
  };
  return (
    <DialogFrame
      open
      onClose={() => void popups.dismiss()}
      className='notice-dialog home-popup'
      label={popup.title}
      header={<Text className='notice-dialog__title home-popup__title'>{popup.title}</Text>}
      actions={
        <>
          <Button className='notice-dialog__button home-popup__close' {...pressable(() => void popups.dismiss())}>
            {t('home.popup_close')}
          </Button>
          {linked(popup.link) && (
            <Button
              className='notice-dialog__button notice-dialog__button--primary home-popup__open'
              {...pressable(follow)}
            >
              {t('home.popup_open')}
            </Button>
          )}
        </>
      }
    >
      {popup.picture && (
        <Image
          className='home-popup__picture'
          src={root.imageUrl(popup.picture)}
          mode='widthFix'
          {...altText(popup.title)}
          onClick={linked(popup.link) ? follow : undefined}
        />
      )}
      {popup.content && (
        <View className='notice-dialog__message home-popup__content'>
          <Text>{popup.content}</Text>
        </View>
      )}
    </DialogFrame>
  );
});
