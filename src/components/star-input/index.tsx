import { View } from '@tarojs/components';
import { AtRate } from 'taro-ui';
import 'taro-ui/lib/style/components/icon.scss';
import 'taro-ui/lib/style/components/rate.scss';
import { useT } from '../../stores';
import { pressable } from '../../utils/a11y';
import './index.scss';

/**
 * One to five stars to choose. taro-ui's AtRate draws them (the product's kit), but its stars are bare views: no role,
 * no name, no keyboard, smaller than a 44 px target. So AtRate is hidden from assistive technology and covered by five
 * transparent radio buttons of 44 px ("3 stars"), in a radio group named `label`; the arrow keys move the choice.
 */
export function StarInput({
  label,
  value,
  onChange,
  name,
}: {
  label: string;
  value: number;
  onChange(stars: number): void;
  name: string;
}) {
  const t = useT();
  const onKeyDown = (e: { key: string; preventDefault?(): void }) => {
    const step =
      e.key === 'ArrowRight' || e.key === 'ArrowUp' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? -1 : 0;
    if (!step) return;
    e.preventDefault?.();
    onChange(Math.max(1, Math.min(5, (value || 0) + step)));
  };
  const group: Record<string, unknown> = { role: 'radiogroup', 'aria-label': label, onKeyDown };
  return (
    <View className={`star-input star-input--${name}`} {...group}>
      <View className='star-input__stars' aria-hidden='true'>
        <AtRate
          value={value}
          max={5}
          margin={0}
          // taro-ui's default customStyle is '', which React's <div> (Taro's H5 View) refuses: an object.
          customStyle={{}}
          onChange={(v: unknown) => onChange(Number(v))}
        />
      </View>
      <View className='star-input__hits'>
        {[1, 2, 3, 4, 5].map((n) => (
          <View
            key={n}
            className='star-input__hit'
            {...pressable(() => onChange(n), {
              role: 'radio',
              checked: value === n,
              label: t('rating.star_label', { count: n }),
            })}
            // One tab stop for the group: the chosen star (or the first), as radio groups do.
            {...{ tabIndex: value === n || (!value && n === 1) ? 0 : -1 }}
          />
        ))}
      </View>
    </View>
  );
}
