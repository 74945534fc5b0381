import { Line } from '../markup';
import { observer } from 'mobx-react-lite';
import type { OpenState } from '../../../types/api/stores';
import type { TFunction } from '../../i18n';
import { useStores, useT } from '../../stores';
import { chinaDaysFrom, formatDate, formatTime } from '../../utils/date';
import './index.scss';

/** "Opens again today 17:00", "... tomorrow 10:00", or with the date further ahead (China time). */
export function resumeText(t: TFunction, lang: 'cn' | 'en', resumesAt: number, now = Date.now()): string {
  const days = chinaDaysFrom(resumesAt, now);
  if (days === 0) return t('store.resumes_today', { time: formatTime(resumesAt) });
  if (days === 1) return t('store.resumes_tomorrow', { time: formatTime(resumesAt) });
  return t('store.resumes_on', { date: formatDate(resumesAt, lang, true) });
}

/** Open (until when), or closed with the time it resumes (spec §3: closed flag, resume/opening time). */
export function statusText(t: TFunction, lang: 'cn' | 'en', state: OpenState, now = Date.now()): string {
  if (state.is_open)
    return state.closes_at ? t('store.open_until', { time: formatTime(state.closes_at) }) : t('store.open');
  const closed = state.closed_reason === 'manual' ? t('store.closed_manual') : t('store.closed_hours');
  return state.resumes_at ? `${closed} · ${resumeText(t, lang, state.resumes_at, now)}` : closed;
}

export const StoreStatus = observer(function StoreStatus({
  state,
  className,
}: {
  state: OpenState;
  className?: string;
}) {
  const { ui } = useStores();
  const t = useT();
  return (
    <Line
      className={`store-status ${state.is_open ? 'store-status--open' : 'store-status--closed'} ${className ?? ''}`}
    >
      {statusText(t, ui.lang, state)}
    </Line>
  );
});
