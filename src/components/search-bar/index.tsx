import { Input, Text, View } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores, useT } from '../../stores';
import './index.scss';
import { pressable } from '../../utils/a11y';

/**
 * The top bar's search (spec §2): read-only on home (a tap goes to /search); "Search For A Dish", clearable, on
 * restaurant_detail (sets menuName); "Search For Restaurants, News..." with an icon elsewhere (sets the keyword).
 */
export type SearchMode = 'home' | 'dish' | 'restaurants';

export const SearchBar = observer(function SearchBar({
  mode,
  onSubmit,
}: {
  mode: SearchMode;
  onSubmit?: (value: string) => void;
}) {
  const { search, platform } = useStores();
  const t = useT();
  const stored = mode === 'dish' ? search.menuName : search.keyword;
  const [text, setText] = useState(stored);
  // A keyword set elsewhere (a /search?keyword= link, another screen) shows in the box.
  useEffect(() => setText((current) => (current.trim() === stored ? current : stored)), [stored]);

  if (mode === 'home') {
    return (
      <View className='search-bar search-bar--readonly' {...pressable(() => void platform.navigation.go('search'))}>
        <Text className='search-bar__icon'>⌕</Text>
        <Text className='search-bar__placeholder'>{t('topbar.search_restaurants')}</Text>
      </View>
    );
  }

  const submit = (value: string) => {
    if (mode === 'dish') search.setMenuName(value);
    else search.setKeyword(value);
    onSubmit?.(value.trim());
  };

  return (
    <View className='search-bar'>
      {mode === 'restaurants' && (
        <Text
          className='search-bar__icon search-bar__icon--button'
          {...pressable(() => submit(text))}
          aria-label={t('topbar.search')}
        >
          ⌕
        </Text>
      )}
      <Input
        className='search-bar__input'
        value={text}
        placeholder={t(mode === 'dish' ? 'topbar.search_dish' : 'topbar.search_restaurants')}
        confirmType='search'
        onInput={(e) => setText(e.detail.value)}
        onConfirm={(e) => submit(e.detail.value)}
      />
      {mode === 'dish' && text !== '' && (
        <Text
          className='search-bar__clear'
          {...pressable(
            () => {
              setText('');
              submit('');
            },
            { label: t('location.clear') },
          )}
        >
          ×
        </Text>
      )}
      {mode === 'dish' && (
        <Text className='search-bar__submit' {...pressable(() => submit(text))}>
          {t('topbar.search')}
        </Text>
      )}
    </View>
  );
});
