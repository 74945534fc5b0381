import { Input, ScrollView, Text, View } from '@tarojs/components';
import { useRef, useState } from 'react';
import { useT } from '../../stores';
import './index.scss';
import { dialogProps, pressable } from '../../utils/a11y';
import { useDialog } from '../../utils/use-dialog';

export interface SheetOption {
  value: number;
  label: string;
  detail?: string;
}

export interface SheetGroup {
  key: string | number;
  title?: string;
  options: SheetOption[];
}

export interface OptionSheetProps {
  open: boolean;
  title: string;
  groups: SheetGroup[];
  selected?: number;
  onSelect(option: SheetOption): void;
  onClose(): void;
  /** Shown when there is nothing to choose. */
  emptyText: string;
  /** Shows a box that filters the options by their label and detail. */
  filterPlaceholder?: string;
  /** Loading or failed: the text shown instead of the options. */
  status?: string;
  className?: string;
}

/** A list to choose one option from: a bottom sheet on a phone, a centred panel on a wide screen. */
export function OptionSheet(props: OptionSheetProps) {
  const { open, title, groups, selected, onSelect, onClose, emptyText, filterPlaceholder, status, className } = props;
  const t = useT();
  const [filter, setFilter] = useState('');
  const dialogRef = useRef<unknown>(null);
  useDialog(dialogRef, open, onClose);
  if (!open) return null;
  const needle = filter.trim().toLowerCase();
  const shown = groups
    .map((g) => ({
      ...g,
      options: needle
        ? g.options.filter((o) => `${o.label} ${o.detail ?? ''}`.toLowerCase().includes(needle))
        : g.options,
    }))
    .filter((g) => g.options.length > 0);

  return (
    <View className={`option-sheet ${className ?? ''}`}>
      <View className='option-sheet__mask' onClick={onClose} />
      <View className='option-sheet__panel' ref={dialogRef} {...dialogProps(title)}>
        <View className='option-sheet__header'>
          <Text className='option-sheet__title'>{title}</Text>
          <Text className='option-sheet__close' {...pressable(onClose)} aria-label={t('topbar.close')}>
            ×
          </Text>
        </View>
        {filterPlaceholder && (
          <View className='option-sheet__filter'>
            <Input
              className='option-sheet__filter-input'
              value={filter}
              placeholder={filterPlaceholder}
              onInput={(e) => setFilter(e.detail.value)}
            />
          </View>
        )}
        <ScrollView scrollY className='option-sheet__list'>
          {status !== undefined ? (
            <Text className='option-sheet__status'>{status}</Text>
          ) : shown.length === 0 ? (
            <Text className='option-sheet__status option-sheet__empty'>{emptyText}</Text>
          ) : (
            shown.map((group) => (
              <View key={group.key} className='option-sheet__group'>
                {group.title && <Text className='option-sheet__group-title'>{group.title}</Text>}
                {group.options.map((option) => (
                  <View
                    key={option.value}
                    className={`option-sheet__option ${option.value === selected ? 'option-sheet__option--selected' : ''}`}
                    {...pressable(() => {
                      setFilter('');
                      onSelect(option);
                    })}
                  >
                    <Text className='option-sheet__label'>{option.label}</Text>
                    {option.detail && <Text className='option-sheet__detail'>{option.detail}</Text>}
                  </View>
                ))}
              </View>
            ))
          )}
        </ScrollView>
      </View>
    </View>
  );
}
