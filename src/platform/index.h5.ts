import { taroFeedback, taroRequest, taroStorage, taroUpload } from './common';
import { h5Navigation } from './navigation';
import type { Platform } from './types';

export * from './types';

export const platform: Platform = {
  name: 'h5',
  isH5: true,
  storage: taroStorage,
  request: (req) => taroRequest(req, { ownSignal: true }),
  upload: taroUpload,
  navigation: h5Navigation,
  feedback: taroFeedback,
  reload() {
    window.location.reload();
  },
  setTitle(title) {
    document.title = title;
  },
  setTabLabels() {
    // The H5 site has a top bar and footer instead of a tab bar.
  },
};
