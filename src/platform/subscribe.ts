import Taro from '@tarojs/taro';

/**
 * WeChat subscribe messages (issue 18): the mini program asks the customer to allow one message of each template
 * (wx.requestSubscribeMessage). WeChat shows the question only when asked inside a tap handler, so `request` must be
 * called in the tap before anything is awaited. H5 has none (no background notification this time).
 */
export interface SubscribeMessages {
  readonly supported: boolean;
  /** What the customer answered per template id (accept, reject, ban, filter); {} when it failed or is unsupported. */
  request(templateIds: readonly string[]): Promise<Record<string, string>>;
}

export const weappSubscribe: SubscribeMessages = {
  supported: true,
  request(templateIds) {
    if (templateIds.length === 0) return Promise.resolve({});
    return new Promise((resolve) => {
      // Called now, synchronously inside the caller's tap; the answer comes later.
      void Taro.requestSubscribeMessage({
        tmplIds: [...templateIds],
        entityIds: [],
        success: (res) => {
          const answers: Record<string, string> = {};
          for (const id of templateIds) {
            const a = (res as Record<string, unknown>)[id];
            if (typeof a === 'string') answers[id] = a;
          }
          resolve(answers);
        },
        fail: () => resolve({}),
      });
    });
  },
};

export const h5Subscribe: SubscribeMessages = {
  supported: false,
  request: () => Promise.resolve({}),
};
