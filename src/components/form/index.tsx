import { Input, Text, View } from '@tarojs/components';
import type { ReactNode } from 'react';
import { useStores } from '../../stores';
import './index.scss';
import { pressable } from '../../utils/a11y';

/** The card a form sits in: centred on a wide screen, full width on a phone. */
export function FormCard({ title, children, className }: { title?: string; children?: ReactNode; className?: string }) {
  return (
    <View className={`form-card ${className ?? ''}`}>
      {title && <Text className='form-card__title'>{title}</Text>}
      {children}
    </View>
  );
}

/** A labelled row with the message of its failed check under it. */
export function Field({
  label,
  error,
  children,
  name,
}: {
  label: string;
  error?: string;
  children?: ReactNode;
  name?: string;
}) {
  return (
    <View className={`form-field ${name ? `form-field--${name}` : ''} ${error ? 'form-field--invalid' : ''}`}>
      <Text className='form-field__label'>{label}</Text>
      <View className='form-field__control'>{children}</View>
      {error && <Text className='form-field__error'>{error}</Text>}
    </View>
  );
}

/** The browser's input attributes for each keyboard (TextInputProps.keyboard). */
const BROWSER_KEYBOARDS = {
  tel: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email', autoCapitalize: 'off', spellcheck: false },
  code: { type: 'text', inputMode: 'numeric', autoComplete: 'one-time-code' },
} as const;

export interface TextInputProps {
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  password?: boolean;
  /**
   * The keyboard a phone opens: `tel` (a phone number: the number pad), `email` (with @ and .), `code` (an SMS code:
   * digits). The mini program has type number for the digits; in a browser, type tel / email and inputmode, since
   * type=number would let the mouse wheel change a phone number.
   */
  keyboard?: 'tel' | 'email' | 'code';
  maxlength?: number;
  name?: string;
  onConfirm?(): void;
}

export function TextInput({
  value,
  onChange,
  placeholder,
  password,
  keyboard,
  maxlength,
  name,
  onConfirm,
}: TextInputProps) {
  const { platform } = useStores();
  const type = keyboard && keyboard !== 'email' && !platform.isH5 ? 'number' : 'text';
  return (
    <Input
      className={`form-input ${name ? `form-input--${name}` : ''}`}
      name={name}
      value={value}
      type={type}
      password={password}
      placeholder={placeholder}
      placeholderClass='form-input__placeholder'
      maxlength={maxlength ?? 140}
      onInput={(e) => onChange(e.detail.value)}
      onConfirm={() => onConfirm?.()}
      {...(platform.isH5 && keyboard ? (BROWSER_KEYBOARDS[keyboard] as Record<string, unknown>) : {})}
    />
  );
}

/** The form's main action; disabled while its call runs. */
export function SubmitButton({
  label,
  onClick,
  disabled,
  className,
}: {
  label: string;
  onClick(): void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <View
      className={`form-submit ${disabled ? 'form-submit--disabled' : ''} ${className ?? ''}`}
      {...pressable(() => {
        if (!disabled) onClick();
      })}
    >
      {label}
    </View>
  );
}

/** A quiet second action (links under a form, "Cancel" ...). */
export function FormLink({ label, onClick, className }: { label: string; onClick(): void; className?: string }) {
  return (
    <Text className={`form-link ${className ?? ''}`} {...pressable(onClick)}>
      {label}
    </Text>
  );
}
