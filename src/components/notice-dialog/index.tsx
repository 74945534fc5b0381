import { Button, Text, View } from '@tarojs/components';
import { AtModal, AtModalAction, AtModalContent, AtModalHeader } from 'taro-ui';
import 'taro-ui/lib/style/components/modal.scss';
import './index.scss';

export interface DialogButton {
  key: string;
  label: string;
  primary?: boolean;
  onClick(): void;
}

export interface NoticeDialogProps {
  open: boolean;
  title: string;
  message: string;
  buttons: DialogButton[];
  /** A tap outside the dialog. */
  onClose(): void;
  className?: string;
}

/** A short notice with one or two answers (spec §8's dialogs: outside the delivery radius, no restaurants near). */
export function NoticeDialog({ open, title, message, buttons, onClose, className }: NoticeDialogProps) {
  return (
    <AtModal isOpened={open} onClose={onClose} className={`notice-dialog ${className ?? ''}`}>
      <AtModalHeader>
        <Text className='notice-dialog__title'>{title}</Text>
      </AtModalHeader>
      <AtModalContent>
        <View className='notice-dialog__message'>
          <Text>{message}</Text>
        </View>
      </AtModalContent>
      <AtModalAction>
        {buttons.map((b) => (
          <Button
            key={b.key}
            className={`notice-dialog__button notice-dialog__button--${b.key} ${b.primary ? 'notice-dialog__button--primary' : ''}`}
            onClick={b.onClick}
          >
            {b.label}
          </Button>
        ))}
      </AtModalAction>
    </AtModal>
  );
}
