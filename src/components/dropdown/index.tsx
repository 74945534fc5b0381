import { Text, View } from '@tarojs/components';
import { useState, type ReactNode } from 'react';
import './index.scss';

export interface DropdownItem {
  key: string;
  label: string;
  onSelect(): void;
}

/** A trigger that opens a small menu; a tap outside closes it. */
export function Dropdown({
  trigger,
  items,
  className,
}: {
  trigger: ReactNode;
  items: DropdownItem[];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <View className={`dropdown ${className ?? ''}`}>
      <View className='dropdown__trigger' onClick={() => setOpen(!open)}>
        {trigger}
        <Text className='dropdown__caret'>▾</Text>
      </View>
      {open && (
        <>
          <View className='dropdown__backdrop' onClick={() => setOpen(false)} />
          <View className='dropdown__menu'>
            {items.map((item) => (
              <View
                key={item.key}
                className='dropdown__item'
                onClick={() => {
                  setOpen(false);
                  item.onSelect();
                }}
              >
                {item.label}
              </View>
            ))}
          </View>
        </>
      )}
    </View>
  );
}
