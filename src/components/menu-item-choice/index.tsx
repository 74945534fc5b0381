import { Image, ScrollView, Text, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import type { MenuItem, OptionGroup } from '../../../types/api/stores';
import type { TFunction } from '../../i18n';
import { useStores, useT } from '../../stores';
import {
  buildChoice,
  chosenIn,
  clampQuantity,
  maxAllowed,
  minRequired,
  QUANTITY_MAX,
  QUANTITY_MIN,
  toggleOption,
  totalPrice,
  type MenuChoice,
  type Selection,
} from '../../utils/menu-choice';
import { altText, announced, dialogProps, pressable, tabStop } from '../../utils/a11y';
import { formatPrice } from '../../utils/price';
import { useDialog } from '../../utils/use-dialog';
import './index.scss';

export type { MenuChoice } from '../../utils/menu-choice';

export interface MenuItemChoiceProps {
  item: MenuItem;
  restaurantId: number;
  /** Why the dish cannot be ordered now (the restaurant is closed): shown, and confirming is off. */
  blockedReason?: string;
  onClose(): void;
  /** Gets only a choice that keeps every rule (the cart issue adds it to the cart). */
  onConfirm(choice: MenuChoice): void | Promise<void>;
}

export function ruleText(t: TFunction, group: OptionGroup): string {
  const min = minRequired(group);
  const max = maxAllowed(group);
  if (min === 0) return t('menu.rule_optional', { max });
  if (min === max) return t('menu.rule_required_exact', { count: min });
  return t('menu.rule_required_range', { min, max });
}

/**
 * The menu item choice layer (spec §2, §5): compulsory groups must be filled before confirming, a group refuses an
 * option past its maximum with a notice, sold-out options cannot be chosen, and the price follows the choices.
 * Render it with `key={item.id}` so each dish starts afresh.
 */
export const MenuItemChoice = observer(function MenuItemChoice({
  item,
  restaurantId,
  blockedReason,
  onClose,
  onConfirm,
}: MenuItemChoiceProps) {
  const root = useStores();
  const t = useT();
  const [selection, setSelection] = useState<Selection>({});
  const [quantity, setQuantity] = useState(1);
  const [notice, setNotice] = useState('');
  const [missing, setMissing] = useState<number[]>([]);
  const [sending, setSending] = useState(false);
  const dialogRef = useRef<unknown>(null);
  useDialog(dialogRef, true, onClose);

  const tap = (group: OptionGroup, optionId: number) => {
    const result = toggleOption(group, selection, optionId);
    setSelection(result.selection);
    if (result.notice?.kind === 'max') setNotice(t('menu.max_notice', { group: group.name, max: result.notice.max }));
    else if (result.notice?.kind === 'sold_out') setNotice(t('menu.option_sold_out'));
    else {
      setNotice('');
      if (chosenIn(result.selection, group.id).length >= minRequired(group))
        setMissing((m) => m.filter((id) => id !== group.id));
    }
  };

  const confirm = async () => {
    if (sending) return;
    const result = buildChoice(restaurantId, item, selection, quantity);
    if (!result.ok) {
      if (result.reason === 'missing') {
        setMissing(result.missing.map((g) => g.id));
        setNotice(
          t('menu.required_notice', { groups: result.missing.map((g) => g.name).join(t('menu.list_separator')) }),
        );
      } else if (result.reason === 'too_many') {
        setNotice(t('menu.max_notice', { group: result.group.name, max: maxAllowed(result.group) }));
      } else {
        setNotice(t('menu.item_sold_out'));
      }
      return;
    }
    if (blockedReason) {
      setNotice(blockedReason);
      return;
    }
    setSending(true);
    try {
      await onConfirm(result.choice);
    } finally {
      setSending(false);
    }
  };

  const total = totalPrice(item, selection, quantity);
  const incomplete = item.option_groups.some((g) => chosenIn(selection, g.id).length < minRequired(g));
  const disabled = !!blockedReason || item.sold_out || incomplete;

  return (
    <View className='menu-choice'>
      <View className='menu-choice__mask' onClick={onClose} />
      <View className='menu-choice__panel' ref={dialogRef} {...dialogProps(item.name)}>
        <View className='menu-choice__header'>
          <Text className='menu-choice__title'>{item.name}</Text>
          <Text className='menu-choice__close' {...pressable(onClose, { label: t('topbar.close') })}>
            ×
          </Text>
        </View>
        {/* Focusable itself when it holds no control, so a keyboard can scroll it (WCAG 2.1.1). */}
        <ScrollView
          scrollY
          className='menu-choice__body'
          {...(item.option_groups.length === 0 ? tabStop(item.name) : {})}
        >
          {item.picture && (
            <Image
              className='menu-choice__picture picture-cover'
              src={root.imageUrl(item.picture)}
              mode='aspectFill'
              {...altText(item.name)}
            />
          )}
          {item.description && <Text className='menu-choice__description'>{item.description}</Text>}
          {/* "From" only when an option changes the price; a dish without such options has one price. */}
          <Text className='menu-choice__base'>
            {t(
              item.option_groups.some((g) => g.options.some((o) => o.price_delta_fen !== 0))
                ? 'menu.base_price'
                : 'menu.unit_price',
              {
                price: formatPrice(item.price_fen),
              },
            )}
          </Text>
          {item.option_groups.map((group) => {
            const chosen = chosenIn(selection, group.id);
            const isMissing = missing.includes(group.id);
            return (
              <View key={group.id} className={`menu-choice__group ${isMissing ? 'menu-choice__group--missing' : ''}`}>
                <View className='menu-choice__group-head'>
                  <Text className='menu-choice__group-name'>{group.name}</Text>
                  <Text className={`menu-choice__rule ${minRequired(group) > 0 ? 'menu-choice__rule--required' : ''}`}>
                    {ruleText(t, group)}
                  </Text>
                </View>
                <View className='menu-choice__options' role='group' aria-label={group.name}>
                  {group.options.map((option) => {
                    const on = chosen.includes(option.id);
                    const cls = [
                      'menu-choice__option',
                      on ? 'menu-choice__option--chosen' : '',
                      option.sold_out ? 'menu-choice__option--sold-out' : '',
                    ].join(' ');
                    return (
                      <View
                        key={option.id}
                        className={cls}
                        {...pressable(() => tap(group, option.id), {
                          role: 'checkbox',
                          checked: on,
                          disabled: option.sold_out,
                        })}
                      >
                        <Text className='menu-choice__option-name'>{option.name}</Text>
                        {option.price_delta_fen !== 0 && (
                          <Text className='menu-choice__option-delta'>
                            {option.price_delta_fen > 0 ? '+' : ''}
                            {formatPrice(option.price_delta_fen)}
                          </Text>
                        )}
                        {option.sold_out && <Text className='menu-choice__option-sold-out'>{t('menu.sold_out')}</Text>}
                      </View>
                    );
                  })}
                </View>
                {isMissing && (
                  <Text className='menu-choice__group-error'>{t('menu.required_group', { group: group.name })}</Text>
                )}
              </View>
            );
          })}
        </ScrollView>
        {(notice || blockedReason) && (
          <Text className='menu-choice__notice' {...announced('assertive')}>
            {notice || blockedReason}
          </Text>
        )}
        <View className='menu-choice__footer'>
          <View className='menu-choice__quantity'>
            <Text
              className={`menu-choice__step menu-choice__minus ${quantity <= QUANTITY_MIN ? 'menu-choice__step--off' : ''}`}
              {...pressable(() => setQuantity((q) => clampQuantity(q - 1)), {
                label: t('menu.less'),
                disabled: quantity <= QUANTITY_MIN,
              })}
            >
              −
            </Text>
            <Text className='menu-choice__count' {...announced()}>
              {quantity}
            </Text>
            <Text
              className={`menu-choice__step menu-choice__plus ${quantity >= QUANTITY_MAX ? 'menu-choice__step--off' : ''}`}
              {...pressable(() => setQuantity((q) => clampQuantity(q + 1)), {
                label: t('menu.more'),
                disabled: quantity >= QUANTITY_MAX,
              })}
            >
              +
            </Text>
          </View>
          <Text className='menu-choice__price'>{formatPrice(total)}</Text>
          <View
            className={`menu-choice__confirm ${disabled ? 'menu-choice__confirm--off' : ''}`}
            {...pressable(() => void confirm())}
          >
            <Text>{t('menu.confirm')}</Text>
          </View>
        </View>
      </View>
    </View>
  );
});
