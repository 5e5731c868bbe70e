import { lazy } from 'react';
import type { ConsoleRouteKey } from '@beacon/contracts';
import type { ScreenMap } from '../../app/routes/screen-map';
import { settingsTabOf } from './settings-tabs';

const IncidentSettingsPage = lazy(() => import('./IncidentSettingsPage'));
const EditFormPage = lazy(() => import('./forms/EditFormPage'));
const EditRulePage = lazy(() => import('./rules/EditRulePage'));

/** One screen for every tab, so moving between tabs keeps the page. */
function IncidentSettingsScreen({ routeKey }: { readonly routeKey: ConsoleRouteKey }) {
  return <IncidentSettingsPage tab={settingsTabOf(routeKey) ?? 'fields'} />;
}

export const incidentSettingsScreens: ScreenMap = {
  console: {
    'incidents.settings': IncidentSettingsScreen,
    'incidents.settings.fields': IncidentSettingsScreen,
    'incidents.settings.forms': IncidentSettingsScreen,
    'incidents.settings.rules': IncidentSettingsScreen,
    'incidents.settings.templates': IncidentSettingsScreen,
    'incidents.formEdit': EditFormPage,
    'incidents.ruleEdit': EditRulePage,
  },
};
