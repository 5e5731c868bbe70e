import { consoleRoute, type ConsoleRouteKey } from '@beacon/contracts';

export type IncidentSettingsTab = 'fields' | 'forms' | 'rules' | 'templates';

/** The tabs of incident settings, each at its own child route. */
export const SETTINGS_TABS: readonly { tab: IncidentSettingsTab; label: string; path: string }[] = [
  { tab: 'fields', label: 'Fields', path: consoleRoute('incidents.settings.fields').path },
  { tab: 'forms', label: 'Forms', path: consoleRoute('incidents.settings.forms').path },
  { tab: 'rules', label: 'Rules', path: consoleRoute('incidents.settings.rules').path },
  { tab: 'templates', label: 'Templates', path: consoleRoute('incidents.settings.templates').path },
];

const TAB_OF_ROUTE: Partial<Record<ConsoleRouteKey, IncidentSettingsTab>> = {
  // /incidents/settings itself shows the first tab.
  'incidents.settings': 'fields',
  'incidents.settings.fields': 'fields',
  'incidents.settings.forms': 'forms',
  'incidents.settings.rules': 'rules',
  'incidents.settings.templates': 'templates',
};

/** The tab a route shows, or undefined for a route outside incident settings' tabs. */
export const settingsTabOf = (key: ConsoleRouteKey): IncidentSettingsTab | undefined => TAB_OF_ROUTE[key];

/** Where Edit form and Edit rule live (spec §2). */
export const editFormPath = (formId: string) => consoleRoute('incidents.formEdit').path.replace(':id', encodeURIComponent(formId));
export const editRulePath = (ruleId: string, formId?: string) =>
  consoleRoute('incidents.ruleEdit').path.replace(':id', encodeURIComponent(ruleId)) + (formId ? `?form=${encodeURIComponent(formId)}` : '');
