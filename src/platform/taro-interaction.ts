import Taro from '@tarojs/taro';
import type { Interaction } from './feedback';

/** Taro's toast, modal and loading (wx's in the mini program, Taro's own drawing on H5). */
export const taroInteraction: Interaction = {
  showToast: (options) => Taro.showToast(options),
  showModal: (options) => Taro.showModal(options),
  showLoading: (options) => Taro.showLoading(options),
  hideLoading: () => Taro.hideLoading(),
};
