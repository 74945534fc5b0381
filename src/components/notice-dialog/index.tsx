import { Button, Text, View } from '@tarojs/components';
import { useRef, type ReactNode } from 'react';
import { AtModal, AtModalAction, AtModalContent, AtModalHeader } from 'taro-ui';
import 'taro-ui/lib/style/components/modal.scss';
import { dialogProps, pressable } from '../../utils/a11y';
import { useDialog } from '../../utils/use-dialog';
import './index.scss';
import './h5.scss';

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
  const dialogRef = useRef<unknown>(null);
  // Escape is the same as a tap outside.
  useDialog(dialogRef, open, onClose);
  return (
    <AtModal isOpened={open} onClose={onClose} className={`notice-dialog ${className ?? ''}`}>
      <View className='notice-dialog__box' ref={dialogRef} {...dialogProps(title, 'alertdialog')}>
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
              {...pressable(b.onClick)}
            >
              {b.label}
            </Button>
          ))}
        </AtModalAction>
      </View>
    </AtModal>
  );
}

export interface DialogFrameProps {
  open: boolean;
  /** A tap outside the dialog. */
  onClose(): void;
  className?: string;
  /** The dialog's accessible name (its title; H5). */
  label?: string;
  header: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
}

/**
 * A dialog's frame with any content (home's pop-ups): taro-ui's modal on H5; the mini program builds index.weapp.tsx,
 * which draws the same frame with views of its own, so taro-ui's modal stays out of its main package (issue 10).
 */
export function DialogFrame({ open, onClose, className, label, header, children, actions }: DialogFrameProps) {
  const dialogRef = useRef<unknown>(null);
  // Escape is the same as a tap outside.
  useDialog(dialogRef, open, onClose);
  return (
    <AtModal isOpened={open} onClose={onClose} className={className}>
      <View className='notice-dialog__box' ref={dialogRef} {...dialogProps(label ?? '')}>
        <AtModalHeader>{header}</AtModalHeader>
        <AtModalContent>{children}</AtModalContent>
        <AtModalAction>{actions}</AtModalAction>
      </View>
    </AtModal>
  );
}
