import { Button, Text, View } from '@tarojs/components';
import type { DialogFrameProps, NoticeDialogProps } from './index';
import './index.scss';
import './weapp.scss';

export type { DialogButton, DialogFrameProps, NoticeDialogProps } from './index';

/**
 * The mini program's dialogs (Taro builds this file instead of index.tsx for weapp): the same dialogs drawn with a
 * few views of their own, so taro-ui's modal (about 12 KB of JS and styles) stays out of the main package (issue 10).
 * Nothing is rendered while closed.
 */
export function DialogFrame({ open, onClose, className, header, children, actions }: DialogFrameProps) {
  if (!open) return null;
  return (
    <View className={`notice-dialog--open ${className ?? ''}`}>
      <View className='notice-dialog__overlay' onClick={onClose} />
      <View className='notice-dialog__box'>
        <View className='notice-dialog__header'>{header}</View>
        <View className='notice-dialog__content'>{children}</View>
        <View className='notice-dialog__actions'>{actions}</View>
      </View>
    </View>
  );
}

export function NoticeDialog({ open, title, message, buttons, onClose, className }: NoticeDialogProps) {
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      className={`notice-dialog ${className ?? ''}`}
      header={<Text className='notice-dialog__title'>{title}</Text>}
      actions={buttons.map((b) => (
        <Button
          key={b.key}
          className={`notice-dialog__button notice-dialog__button--${b.key} ${b.primary ? 'notice-dialog__button--primary' : ''}`}
          onClick={b.onClick}
        >
          {b.label}
        </Button>
      ))}
    >
      <View className='notice-dialog__message'>
        <Text>{message}</Text>
      </View>
    </DialogFrame>
  );
}
