import { Image, Text, View } from '@tarojs/components';
import { useEffect, useRef, useState } from 'react';
import { AtModal, AtModalContent, AtModalHeader } from 'taro-ui';
import 'taro-ui/lib/style/components/modal.scss';
import { useStores, useT } from '../../stores';
import { ErrorState } from '../state-view';
import './index.scss';
import { altText, dialogProps, pressable } from '../../utils/a11y';
import { useDialog } from '../../utils/use-dialog';

export interface QrDialogProps {
  open: boolean;
  title: string;
  /**
   * Address of the code's picture (the server's `qrcode`); loaded only while the dialog is open. Without one (no code
   * is configured) the dialog shows the details in words, or `none` when there are none either: never a retry.
   */
  image?: string;
  /** Shown under the tip; without a picture, the tip is not shown (it speaks of scanning). */
  tip: string;
  /** Ways to reach someone in words (a phone, a WeChat ID), shown under the code or instead of it. */
  details?: Array<{ label: string; value: string; kind: 'phone' | 'wechat' }>;
  /** Who the details are for, said before them when there is no code (whose tip says it). */
  intro?: string;
  /** What the dialog says when it has neither a picture nor details. */
  none?: string;
  /** The link the code stands for, shown with a copy action (H5: a restaurant's own page). */
  link?: string;
  onClose(): void;
}

/**
 * A scannable code with a tip; no footer (spec §2: the Mini Program dialog has none). The picture comes from the
 * server, so it has a loading state and an error state with a retry (e.g. a code not set up, WeChat unreachable).
 */
export function QrDialog({ open, title, image, tip, details = [], intro, none, link, onClose }: QrDialogProps) {
  const { platform } = useStores();
  const t = useT();
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [attempt, setAttempt] = useState(0);
  // Back to loading while closed and for a new picture, so the state is right before the Image mounts (a cached
  // picture can fire its load event before an effect of the opening render would run).
  useEffect(() => {
    if (!open) setState('loading');
  }, [open]);
  useEffect(() => setState('loading'), [image]);
  const retry = () => {
    setState('loading');
    setAttempt((a) => a + 1);
  };
  const alt = t('qr.alt', { title });
  const dialogRef = useRef<unknown>(null);
  useDialog(dialogRef, open, onClose);

  const copy = async () => {
    if (!link) return;
    const done = await platform.copyText(link);
    platform.feedback.toast(done ? t('link.copied_plain') : t('link.copy_failed'), done ? 'success' : 'error');
  };

  return (
    <AtModal isOpened={open} onClose={onClose} className='qr-dialog'>
      <View className='qr-dialog__box' ref={dialogRef} {...dialogProps(title)}>
        <AtModalHeader>
          <View className='qr-dialog__header'>
            <Text>{title}</Text>
            <Text className='qr-dialog__close' {...pressable(onClose)} aria-label={t('topbar.close')}>
              ×
            </Text>
          </View>
        </AtModalHeader>
        <AtModalContent>
          <View className='qr-dialog__body'>
            {image !== undefined && (
              <View className='qr-dialog__frame'>
                {open && (
                  // Remounted on retry: the same address is asked for again.
                  <Image
                    key={attempt}
                    className={`qr-dialog__image qr-dialog__image--${state}`}
                    src={image}
                    mode='aspectFit'
                    {...altText(alt)}
                    onLoad={() => setState('ready')}
                    onError={() => setState('error')}
                  />
                )}
                {state === 'loading' && <Text className='qr-dialog__loading'>{t('qr.loading')}</Text>}
                {state === 'error' && (
                  <View className='qr-dialog__error'>
                    <ErrorState message={t('qr.error')} onRetry={retry} />
                  </View>
                )}
              </View>
            )}
            {image !== undefined && <Text className='qr-dialog__tip'>{tip}</Text>}
            {image === undefined && details.length > 0 && intro && (
              <Text className='qr-dialog__none qr-dialog__intro'>{intro}</Text>
            )}
            {details.length > 0 && (
              <View className='qr-dialog__details'>
                {details.map((d) => (
                  <View key={d.kind} className={`qr-dialog__detail qr-dialog__detail--${d.kind}`}>
                    <Text className='qr-dialog__detail-label'>{d.label}</Text>
                    <Text className='qr-dialog__detail-value' userSelect>
                      {d.value}
                    </Text>
                  </View>
                ))}
              </View>
            )}
            {image === undefined && details.length === 0 && none && <Text className='qr-dialog__none'>{none}</Text>}
            {link && (
              <View className='qr-dialog__link'>
                <Text className='qr-dialog__url' userSelect>
                  {link}
                </Text>
                <Text className='qr-dialog__copy' {...pressable(() => void copy())}>
                  {t('link.copy')}
                </Text>
              </View>
            )}
          </View>
        </AtModalContent>
      </View>
    </AtModal>
  );
}
