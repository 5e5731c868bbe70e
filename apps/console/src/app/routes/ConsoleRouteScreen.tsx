import { lazy } from 'react';
import { routePageName, type ConsoleRoute, type ConsoleRouteKey } from '@beacon/domain';
import { useModuleNames } from '../../features/navigation/use-module-names';
import { NotFoundPage } from '../../features/not-found/NotFoundPage';
import { PlaceholderPage } from '../../features/placeholder/PlaceholderPage';
import { settingsTabOf } from '../../features/incident-settings/settings-tabs';
import { RedirectToRoute } from './RedirectToRoute';

// Screens load as their own chunks (spec: lazy-loaded chunks load from /ui/).
const DashboardPage = lazy(() => import('../../features/dashboard/DashboardPage'));
const EmailOutboxPage = lazy(() => import('../../features/email-outbox/EmailOutboxPage'));
const ActivityLogPage = lazy(() => import('../../features/activity-log/ActivityLogPage'));
const IncidentSettingsPage = lazy(() => import('../../features/incident-settings/IncidentSettingsPage'));
const EditFormPage = lazy(() => import('../../features/incident-settings/forms/EditFormPage'));
const EditRulePage = lazy(() => import('../../features/incident-settings/rules/EditRulePage'));
const IncidentReportsPage = lazy(() => import('../../features/incident-reports/IncidentReportsPage'));
const IncidentsPage = lazy(() => import('../../features/incidents/IncidentsPage'));

/** Dashboard and its child routes (incident-manager, messages, profile) show the dashboard. */
const DASHBOARD_KEYS: readonly ConsoleRouteKey[] = ['dashboard', 'dashboard.incidentManager', 'dashboard.messages', 'dashboard.profile'];

/** What a signed-in route shows once its guard has passed: a redirect, a built screen, or a placeholder. */
export function ConsoleRouteScreen({ route }: { route: ConsoleRoute<ConsoleRouteKey> }) {
  const moduleNames = useModuleNames();
  if (route.redirectTo !== undefined) return <RedirectToRoute pattern={route.redirectTo} />;
  if (DASHBOARD_KEYS.includes(route.key)) return <DashboardPage />;
  if (route.key === 'notFound') return <NotFoundPage />;
  if (route.key === 'emailOutbox') return <EmailOutboxPage />;
  if (route.key === 'activityLog') return <ActivityLogPage />;
  const settingsTab = settingsTabOf(route.key);
  if (settingsTab) return <IncidentSettingsPage tab={settingsTab} />;
  if (route.key === 'incidents.formEdit') return <EditFormPage />;
  if (route.key === 'incidents.ruleEdit') return <EditRulePage />;
  if (route.key === 'incidents.reports') return <IncidentReportsPage />;
  // One page for the three, so moving between them keeps the list, the new incident and the open one.
  if (route.key === 'incidents.start' || route.key === 'incidents.create' || route.key === 'incidents.edit') {
    return <IncidentsPage routeKey={route.key} />;
  }
  return <PlaceholderPage name={routePageName(route.key, moduleNames)} />;
}
