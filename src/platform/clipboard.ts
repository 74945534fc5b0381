/**
 * H5: copies text with the browser's clipboard API, or where that is missing or refused (no secure context, older
 * Android WebViews) with a selected read-only textarea and `execCommand('copy')`. Not Taro's setClipboardData,
 * which shows its own Chinese-only toast on top of the app's and brought Taro's toast and modal code into the first
 * page (issue 10). Answers whether the text was copied; the caller tells the customer.
 */
export async function browserCopy(text: string): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions, no focus): try the older way.
  }
  if (typeof document === 'undefined' || typeof document.execCommand !== 'function') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.readOnly = true;
  area.setAttribute('aria-hidden', 'true');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '-10000px';
  const focused = document.activeElement as HTMLElement | null;
  document.body.appendChild(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus?.({ preventScroll: true });
  }
}
