import type { AddCartBody, CartData, DelCartBody, EditCartBody } from '../../types/api/orders-draft';
import type { Http } from './http';

/** The server cart: one per user and restaurant, so it follows the customer between H5 and the mini program. */
export function cartApi(http: Http) {
  return {
    list: (restaurantId: number) => http.get<CartData>('cartlist', { restaurant_id: restaurantId }),
    add: (body: AddCartBody) => http.post<{ cart_id: number }>('addcart', { ...body }),
    /** quantity 0 deletes the line. */
    edit: (body: EditCartBody) => http.post<{ cart_id: number }>('editcart', { ...body }),
    remove: (body: DelCartBody) => http.post<unknown>('delcart', { ...body }),
  };
}

export type CartApi = ReturnType<typeof cartApi>;
