import { observer } from 'mobx-react-lite';
import { useStores, useT } from '../../stores';
import './index.scss';
import { Box, Line } from '../markup';

/**
 * "Showing saved data (offline)" while the last answer of any of `actions` came from the H5 service worker's cache
 * (a repeat visit without network); gone with the next fresh answer. Never shown in the mini program.
 */
export const SavedNotice = observer(function SavedNotice({ actions }: { actions: readonly string[] }) {
  const { ui } = useStores();
  const t = useT();
  if (!ui.showsSaved(actions)) return null;
  return (
    <Box className='saved-notice' role='status'>
      <Line>{t('app.saved_data')}</Line>
    </Box>
  );
});
