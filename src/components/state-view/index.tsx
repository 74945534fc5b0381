import { useT } from '../../stores';
import './index.scss';
import { pressable } from '../../utils/a11y';
import { Box, Line } from '../markup';

/** Loading, empty and error states, the same on every screen. */
/** `fill`: at least a screen high, for content that will be taller, so what follows stays below the fold. */
export function Loading({ fill = false }: { fill?: boolean }) {
  const t = useT();
  return (
    <Box className={`state-view state-view--loading ${fill ? 'state-view--fill' : ''}`}>
      {/* A CSS ring of our own: taro-ui's activity indicator cost 11 KB of JS and styles in the mini program's main
          package (issue 10). */}
      <Box className='state-view__loading'>
        <Box className='state-view__spinner' />
        <Line className='state-view__loading-text'>{t('app.loading')}</Line>
      </Box>
    </Box>
  );
}

export function Empty({ message }: { message: string }) {
  return (
    <Box className='state-view state-view--empty'>
      <Line>{message}</Line>
    </Box>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const t = useT();
  return (
    <Box className='state-view state-view--error'>
      <Line className='state-view__message'>{message}</Line>
      {onRetry && (
        <Line className='state-view__action' {...pressable(onRetry)}>
          {t('app.retry')}
        </Line>
      )}
    </Box>
  );
}
