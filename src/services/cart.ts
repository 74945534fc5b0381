import type { AddCartBody, CartData, CartIdResult, DelCartBody, EditCartBody } from '../../types/api/cart';
import type { Http } from './http';

/** The server cart: one per user and restaurant, so it follows the customer between H5 and the mini program. */
export function cartApi(http: Http) {
  return {
    list: (restaurantId: number) => http.get<CartData>('cartlist', { restaurant_id: restaurantId }),
    add: (body: AddCartBody) => http.post<CartIdResult>('addcart', { ...body }),
    /** quantity 0 deletes the line. */
    edit: (body: EditCartBody) => http.post<CartIdResult>('editcart', { ...body }),
    remove: (body: DelCartBody) => http.post<null>('delcart', { ...body }),
  };
}

export type CartApi = ReturnType<typeof cartApi>;
