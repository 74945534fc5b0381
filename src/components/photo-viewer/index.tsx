import { Image, Text, View } from '@tarojs/components';
import { useCallback, useRef, useState } from 'react';
import { useStores, useT } from '../../stores';
import { altText, dialogProps, pressable } from '../../utils/a11y';
import { useDialog } from '../../utils/use-dialog';
import './index.scss';

interface Viewing {
  urls: string[];
  index: number;
}

/**
 * Pictures full size: the mini program's own previewImage (through the platform); on H5 a dialog with the picture,
 * previous and next, and a close button, that takes the focus, keeps it inside and closes on Escape.
 * `open(urls, index)` shows them; render `viewer` somewhere on the page.
 */
export function usePhotoViewer(label: string) {
  const { platform } = useStores();
  const [viewing, setViewing] = useState<Viewing | undefined>();
  const open = useCallback(
    (urls: string[], index: number) => {
      if (urls.length === 0) return;
      const i = Math.max(0, Math.min(urls.length - 1, index));
      if (platform.media.preview(urls, urls[i]!)) return;
      setViewing({ urls, index: i });
    },
    [platform],
  );
  const close = useCallback(() => setViewing(undefined), []);
  const viewer = viewing ? <PhotoDialog label={label} viewing={viewing} onMove={setViewing} onClose={close} /> : null;
  return { open, viewer, isOpen: !!viewing };
}

function PhotoDialog({
  label,
  viewing,
  onMove,
  onClose,
}: {
  label: string;
  viewing: Viewing;
  onMove(v: Viewing): void;
  onClose(): void;
}) {
  const t = useT();
  const ref = useRef<unknown>(null);
  useDialog(ref, true, onClose);
  const { urls, index } = viewing;
  const count = urls.length;
  const go = (step: number) => onMove({ urls, index: (index + step + count) % count });
  const position = t('rating.photo_of', { index: index + 1, count });
  const onKeyDown = (e: { key: string; preventDefault?(): void }) => {
    if (count < 2) return;
    if (e.key === 'ArrowRight') go(1);
    else if (e.key === 'ArrowLeft') go(-1);
    else return;
    e.preventDefault?.();
  };
  return (
    <View className='photo-viewer' onClick={onClose}>
      <View
        className='photo-viewer__box'
        ref={ref}
        {...dialogProps(label)}
        onClick={(e) => e.stopPropagation()}
        {...{ onKeyDown }}
      >
        <View className='photo-viewer__bar'>
          <Text className='photo-viewer__position' aria-live='polite'>
            {position}
          </Text>
          <Text className='photo-viewer__close' {...pressable(onClose, { label: t('rating.close') })}>
            ×
          </Text>
        </View>
        <Image className='photo-viewer__image' src={urls[index]!} mode='aspectFit' {...altText(position)} />
        {count > 1 && (
          <View className='photo-viewer__nav'>
            <Text className='photo-viewer__step' {...pressable(() => go(-1), { label: t('rating.previous') })}>
              ‹
            </Text>
            <Text className='photo-viewer__step' {...pressable(() => go(1), { label: t('rating.next') })}>
              ›
            </Text>
          </View>
        )}
      </View>
    </View>
  );
}
