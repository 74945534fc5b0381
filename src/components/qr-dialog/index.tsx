import { Image, Text, View } from '@tarojs/components';
import { AtModal, AtModalContent, AtModalHeader } from 'taro-ui';
import 'taro-ui/lib/style/components/modal.scss';
import { useT } from '../../stores';
import './index.scss';

export interface QrDialogProps {
  open: boolean;
  title: string;
  image: string;
  tip: string;
  onClose(): void;
}

/** A QR code with a tip; no footer (spec §2: the Mini Program dialog has none). */
export function QrDialog({ open, title, image, tip, onClose }: QrDialogProps) {
  const t = useT();
  return (
    <AtModal isOpened={open} onClose={onClose} className='qr-dialog'>
      <AtModalHeader>
        <View className='qr-dialog__header'>
          <Text>{title}</Text>
          <Text className='qr-dialog__close' onClick={onClose} aria-label={t('topbar.close')}>
            ×
          </Text>
        </View>
      </AtModalHeader>
      <AtModalContent>
        <View className='qr-dialog__body'>
          <Image className='qr-dialog__image' src={image} mode='aspectFit' />
          <Text className='qr-dialog__tip'>{tip}</Text>
        </View>
      </AtModalContent>
    </AtModal>
  );
}
