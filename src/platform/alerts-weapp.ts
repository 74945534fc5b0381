import Taro from '@tarojs/taro';
import type { Alerts } from './alerts';

// Only the mini program's platform (index.weapp.ts) imports this file, so Taro's vibration APIs stay out of the H5
// first load (as event-stream-weapp.ts).

/** Mini program: the phone vibrates (long for an order, short twice for a reminder); nothing to unlock. */
export const weappAlerts: Alerts = {
  ready: () => true,
  unlock: async () => true,
  ring(kind) {
    const quiet = () => undefined;
    if (kind === 'order') void Taro.vibrateLong({}).catch?.(quiet);
    else {
      void Taro.vibrateShort({ type: 'heavy' }).catch?.(quiet);
      setTimeout(() => void Taro.vibrateShort({ type: 'heavy' }).catch?.(quiet), 250);
    }
  },
};
