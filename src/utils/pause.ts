/**
 * How long a success toast stays on screen before the screen changes: Taro H5 hides a toast when the route changes,
 * and a mini program's toast goes with its page, so "Login Successful" would flash by unseen. Tests set it to 0.
 */
export const feedbackTiming = { successPauseMs: 800 };

export const successPause = () => new Promise<void>((resolve) => setTimeout(resolve, feedbackTiming.successPauseMs));
