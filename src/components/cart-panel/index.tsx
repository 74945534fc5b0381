import { ScrollView } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useStores, useT } from '../../stores';
import { useCart } from '../../stores/cart';
import { pressable } from '../../utils/a11y';
import { formatPrice } from '../../utils/price';
import { QUANTITY_MAX } from '../../utils/menu-choice';
import './index.scss';
import { Box, Line } from '../markup';

/**
 * The cart of restaurant_detail (spec §2 "cart"): a bar with the count, the total and "go to checkout" (or how much
 * the minimum order still needs), which opens the lines with their quantity steppers and delete. Amounts are the
 * server's (CartStore mirrors cartlist).
 */
export const CartPanel = observer(function CartPanel({
  onCheckout,
  collectable = false,
}: {
  onCheckout(): void;
  /** The restaurant also offers collection, which has no minimum (the server asks it of delivery only). */
  collectable?: boolean;
}) {
  const { platform } = useStores();
  const cart = useCart();
  const t = useT();
  const [open, setOpen] = useState(false);
  const data = cart.cartData;
  const empty = cart.isEmpty;
  const short = cart.belowMinimumFen;
  const canCheckout = !empty && (short === 0 || collectable);

  const clear = async () => {
    const yes = await platform.feedback.confirm(t('cart.clear_confirm'), {
      confirmText: t('cart.clear'),
      cancelText: t('address.cancel'),
    });
    if (yes && (await cart.clear())) setOpen(false);
  };

  return (
    <Box className={`cart-panel ${open && !empty ? 'cart-panel--open' : ''}`}>
      {open && !empty && <Box className='cart-panel__mask' onClick={() => setOpen(false)} />}
      {open && !empty && (
        <Box className='cart-panel__sheet' role='dialog' aria-label={t('cart.title')}>
          <Box className='cart-panel__head'>
            <Line className='cart-panel__title'>{t('cart.title')}</Line>
            <Line className='cart-panel__clear' {...pressable(() => void clear())}>
              {t('cart.clear')}
            </Line>
          </Box>
          <ScrollView scrollY className='cart-panel__lines'>
            {data.list.map((line) => {
              const busy = cart.busyLines.includes(line.cart_id);
              return (
                <Box
                  key={line.cart_id}
                  className={`cart-line ${line.sold_out ? 'cart-line--sold-out' : ''} ${busy ? 'cart-line--busy' : ''}`}
                >
                  <Box className='cart-line__main'>
                    <Line className='cart-line__name'>{line.name}</Line>
                    {line.option_names.length > 0 && (
                      <Line className='cart-line__options'>{line.option_names.join(t('menu.list_separator'))}</Line>
                    )}
                    {line.sold_out && <Line className='cart-line__sold-out'>{t('cart.sold_out')}</Line>}
                  </Box>
                  <Line className='cart-line__price'>{formatPrice(line.line_total_fen)}</Line>
                  <Box className='cart-line__stepper'>
                    <Box
                      className='cart-line__step cart-line__minus'
                      {...pressable(() => !busy && void cart.edit(line.cart_id, line.quantity - 1), {
                        label: t('cart.less'),
                        disabled: busy,
                      })}
                    >
                      <Line>−</Line>
                    </Box>
                    <Line className='cart-line__quantity'>{line.quantity}</Line>
                    <Box
                      className={`cart-line__step cart-line__plus ${line.quantity >= QUANTITY_MAX ? 'cart-line__step--off' : ''}`}
                      {...pressable(
                        () => !busy && line.quantity < QUANTITY_MAX && void cart.edit(line.cart_id, line.quantity + 1),
                        { label: t('cart.more'), disabled: busy || line.quantity >= QUANTITY_MAX },
                      )}
                    >
                      <Line>+</Line>
                    </Box>
                  </Box>
                  <Box
                    className='cart-line__delete'
                    {...pressable(() => !busy && void cart.delete(line.cart_id), { disabled: busy })}
                  >
                    <Line>{t('cart.delete')}</Line>
                  </Box>
                </Box>
              );
            })}
          </ScrollView>
          {/* The fee this customer would pay (cartlist applies the quote's rule): waived on a first order, it says so. */}
          {data.delivery_fee_waiver ? (
            <Line className='cart-panel__fee'>{t('cart.delivery_fee_first_order')}</Line>
          ) : (
            data.delivery_fee_fen > 0 && (
              <Line className='cart-panel__fee'>
                {t('cart.delivery_fee', { price: formatPrice(data.delivery_fee_fen) })}
              </Line>
            )
          )}
        </Box>
      )}
      <Box className='cart-panel__bar'>
        <Box
          className='cart-panel__summary'
          {...pressable(() => !empty && setOpen((o) => !o), {
            label: open ? t('cart.hide') : t('cart.show'),
            disabled: empty,
            expanded: open && !empty,
          })}
        >
          <Box className={`cart-panel__badge ${empty ? 'cart-panel__badge--empty' : ''}`}>
            <Line className='cart-panel__count'>{data.total_num}</Line>
          </Box>
          {empty ? (
            <Line className='cart-panel__empty'>{t('cart.empty')}</Line>
          ) : (
            <Line className='cart-panel__total'>{formatPrice(data.total_price_fen)}</Line>
          )}
        </Box>
        {!empty && short > 0 && collectable && (
          <Line className='cart-panel__minimum'>{t('cart.min_order_collect', { price: formatPrice(short) })}</Line>
        )}
        {/* Below the minimum (and no collection to fall back on) the button says what is missing, disabled. */}
        <Box
          className={`cart-panel__checkout ${canCheckout ? '' : 'cart-panel__checkout--off'}`}
          {...pressable(() => canCheckout && onCheckout(), { disabled: !canCheckout })}
        >
          <Line>
            {!empty && short > 0 && !collectable
              ? t('cart.min_order_button', { price: formatPrice(short) })
              : t('cart.checkout')}
          </Line>
        </Box>
      </Box>
    </Box>
  );
});
