import { Button, Text, View } from '@tarojs/components';
import type { NoticeDialogProps } from './index';
import './index.scss';
import './weapp.scss';

export type { DialogButton, NoticeDialogProps } from './index';

/**
 * The mini program's notice dialog (Taro builds this file instead of index.tsx for weapp): the same dialog drawn
 * with a few views of its own, so taro-ui's modal (about 12 KB of JS and styles) stays out of the main package
 * (issue 10). Nothing is rendered while it is closed.
 */
export function NoticeDialog({ open, title, message, buttons, onClose, className }: NoticeDialogProps) {
  if (!open) return null;
  return (
    <View className={`notice-dialog notice-dialog--open ${className ?? ''}`}>
      <View className='notice-dialog__overlay' onClick={onClose} />
      <View className='notice-dialog__box'>
        <View className='notice-dialog__header'>
          <Text className='notice-dialog__title'>{title}</Text>
        </View>
        <View className='notice-dialog__message'>
          <Text>{message}</Text>
        </View>
        <View className='notice-dialog__actions'>
          {buttons.map((b) => (
            <Button
              key={b.key}
              className={`notice-dialog__button notice-dialog__button--${b.key} ${b.primary ? 'notice-dialog__button--primary' : ''}`}
              onClick={b.onClick}
            >
              {b.label}
            </Button>
          ))}
        </View>
      </View>
    </View>
  );
}
