import { lazy } from 'react';
import type { ScreenMap } from '../../app/routes/screen-map';

const DatasetEditScreen = lazy(() => import('./DatasetEditPage'));

/**
 * Every tab of a dataset's edit screen shows the one page, so the heading and tabs stay while the
 * section changes. SFTP and Registration say, within the page, that they come in a later release;
 * their own child routes are not claimed.
 */
export const datasetEditScreens: ScreenMap = {
  console: {
    'datasets.edit.devices': DatasetEditScreen,
    'datasets.edit.data': DatasetEditScreen,
    'datasets.edit.settings': DatasetEditScreen,
    'datasets.edit.settings.outboundAndInboundRouting': DatasetEditScreen,
    'datasets.edit.settings.userAndMaintenanceAndAccess': DatasetEditScreen,
    'datasets.edit.settings.messageSending': DatasetEditScreen,
    'datasets.edit.audit': DatasetEditScreen,
    'datasets.edit.sftp': DatasetEditScreen,
    'datasets.edit.conference': DatasetEditScreen,
    'datasets.edit.onCall': DatasetEditScreen,
    'datasets.edit.registration': DatasetEditScreen,
    'datasets.edit.mergeFields': DatasetEditScreen,
  },
};
