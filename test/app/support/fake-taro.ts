/**
 * A fake `@tarojs/taro` for the platform adapter's tests. Use it with
 *   jest.mock('@tarojs/taro', () => jest.requireActual('../support/fake-taro').fakeTaroModule);
 * and reset it in beforeEach with resetFakeTaro().
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- a loose fake of the many option shapes of Taro's APIs */

export interface UploadCall {
  options: Record<string, any>;
  progress: Array<(p: { progress: number }) => void>;
}

export type UploadOutcome = { statusCode: number; data: unknown } | { errMsg: string };

function build() {
  const storage = new Map<string, unknown>();
  const uploads: UploadCall[] = [];
  /** What each successive uploadFile call answers; the last one repeats. */
  let uploadOutcomes: UploadOutcome[] = [{ statusCode: 200, data: '{"code":1000,"msg":"ok","data":{}}' }];
  /** Progress percentages each upload reports before it finishes. */
  let uploadProgress: number[] = [];
  const ok = (_options?: any) => Promise.resolve({ errMsg: 'ok' });

  const taro = {
    storage,
    uploads,
    setUploadOutcomes(outcomes: UploadOutcome[]) {
      uploadOutcomes = outcomes;
    },
    setUploadProgress(steps: number[]) {
      uploadProgress = steps;
    },
    // Like Taro: a missing key reads as ''.
    getStorageSync: jest.fn((key: string) => (storage.has(key) ? storage.get(key) : '')),
    setStorageSync: jest.fn((key: string, value: unknown) => {
      storage.set(key, value);
    }),
    removeStorageSync: jest.fn((key: string) => {
      storage.delete(key);
    }),
    request: jest.fn(async (_options: Record<string, any>): Promise<{ statusCode: number; data: unknown }> => ({
      statusCode: 200,
      data: { code: 1000, msg: 'ok', data: null },
    })),
    uploadFile: jest.fn((options: Record<string, any>) => {
      const call: UploadCall = { options, progress: [] };
      const outcome = uploadOutcomes[Math.min(uploads.length, uploadOutcomes.length - 1)]!;
      uploads.push(call);
      // Taro answers asynchronously, after the caller has subscribed to progress; it also returns a promise
      // that rejects on failure (besides calling `fail`).
      const settled = new Promise((resolve, reject) => {
        setTimeout(() => {
          for (const progress of uploadProgress) call.progress.forEach((cb) => cb({ progress }));
          if ('errMsg' in outcome) {
            options.fail?.(outcome);
            reject(outcome);
          } else {
            const res = { errMsg: 'uploadFile:ok', ...outcome };
            options.success?.(res);
            resolve(res);
          }
        }, 0);
      });
      return Object.assign(settled, {
        onProgressUpdate: (cb: (p: { progress: number }) => void) => {
          call.progress.push(cb);
        },
        abort: jest.fn(),
      });
    }),
    /** What the next chooseMedia calls answer, in turn (then: nothing chosen). */
    chooseMediaOutcomes: [] as Array<{ tempFiles: Array<{ tempFilePath: string; size: number }> } | { errMsg: string }>,
    // As Taro 4.2.1 has it in the mini program: not promisified, the callbacks answer.
    chooseMedia: jest.fn((options?: any): void => {
      const outcome = taro.chooseMediaOutcomes.shift() ?? { tempFiles: [] };
      setTimeout(() => {
        if ('errMsg' in outcome) options?.fail?.(outcome);
        else options?.success?.({ errMsg: 'chooseMedia:ok', type: 'image', ...outcome });
      }, 0);
    }),
    previewImage: jest.fn(ok),
    makePhoneCall: jest.fn(ok),
    openLocation: jest.fn(ok),
    navigateTo: jest.fn(ok),
    reLaunch: jest.fn(ok),
    switchTab: jest.fn(ok),
    navigateBack: jest.fn(ok),
    redirectTo: jest.fn(ok),
    getCurrentPages: jest.fn((): Array<{ route?: string; options?: Record<string, string> }> => []),
    getCurrentInstance: jest.fn((): { router?: { params: Record<string, unknown> } } => ({ router: { params: {} } })),
    showToast: jest.fn(ok),
    // WeChat and Taro's H5 refuse a button label wider than 4 Chinese characters.
    showModal: jest.fn(async (options?: any) => {
      const wide = (s: unknown) => typeof s === 'string' && s.replace(/[\u0391-\uFFE5]/g, 'aa').length > 8;
      if (wide(options?.confirmText) || wide(options?.cancelText)) {
        throw { errMsg: 'showModal:fail confirmText length should not larger then 4 Chinese characters' };
      }
      return { errMsg: 'showModal:ok', confirm: true, cancel: false };
    }),
    login: jest.fn(async (_options?: any): Promise<{ errMsg: string; code?: string }> => ({
      errMsg: 'login:ok',
      code: 'taro-login-code',
    })),
    // As Taro 4.2.1 has it in the mini program: not promisified, the callbacks answer (here: paid).
    requestPayment: jest.fn((options?: any): void => {
      options?.success?.({ errMsg: 'requestPayment:ok' });
      options?.complete?.({ errMsg: 'requestPayment:ok' });
    }),
    showLoading: jest.fn(ok),
    hideLoading: jest.fn(ok),
    setNavigationBarTitle: jest.fn(ok),
    setTabBarItem: jest.fn(ok),
    setClipboardData: jest.fn(ok),
    canIUse: jest.fn((_schema: string) => true),
    vibrateLong: jest.fn(ok),
    vibrateShort: jest.fn(ok),
  };
  return taro;
}

export type FakeTaro = ReturnType<typeof build>;

export const fakeTaro: FakeTaro = build();

/** Puts every fake back to its default behaviour and forgets calls, storage and uploads. */
export function resetFakeTaro(): FakeTaro {
  const fresh = build();
  // Keep the same object: the code under test holds it as its default import.
  Object.assign(fakeTaro, fresh);
  return fakeTaro;
}

export const fakeTaroModule = { __esModule: true, default: fakeTaro, ...fakeTaroNamed() };

function fakeTaroNamed() {
  // Named imports (`import { request } from '@tarojs/taro'`) read through to the current fake.
  const names = Object.keys(build()).filter((k) => typeof (fakeTaro as Record<string, unknown>)[k] === 'function');
  return Object.fromEntries(
    names.map((name) => [
      name,
      (...args: unknown[]) => ((fakeTaro as any)[name] as (...a: unknown[]) => unknown)(...args),
    ]),
  );
}
