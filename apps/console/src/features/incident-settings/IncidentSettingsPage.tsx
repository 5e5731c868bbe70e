import { routePageName } from '@beacon/contracts';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Page } from '../../shared-ui/page-layout';
import { useModuleNames } from '../../navigation/use-module-names';
import { FieldsTab } from './fields/FieldsTab';
import { FormsTab } from './forms/FormsTab';
import { RulesTab } from './rules/RulesTab';
import { SETTINGS_TABS, type IncidentSettingsTab } from './settings-tabs';
import { TemplatesTab } from './templates/TemplatesTab';

/**
 * Incident settings (admins and operators): the organisation's fields, forms, rules and templates,
 * one tab each at its own address (/incidents/settings shows the fields).
 */
export default function IncidentSettingsPage({ tab }: { tab: IncidentSettingsTab }) {
  const moduleNames = useModuleNames();
  return (
    <Page aria-labelledby="incident-settings-title">
      <h1 id="incident-settings-title">{routePageName('incidents.settings', moduleNames)}</h1>
      <Tabs aria-label="Settings sections">
        {SETTINGS_TABS.map(({ tab: name, label, path }) => (
          <Link key={name} to={path} aria-current={name === tab ? 'page' : undefined}>
            {label}
          </Link>
        ))}
      </Tabs>
      {tab === 'fields' && <FieldsTab />}
      {tab === 'forms' && <FormsTab />}
      {tab === 'rules' && <RulesTab />}
      {tab === 'templates' && <TemplatesTab />}
    </Page>
  );
}

const Tabs = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  a {
    padding: 8px 16px;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    border-bottom: 3px solid transparent;
  }

  a:hover {
    background: ${({ theme }) => theme.colors.highlightHover};
  }

  /* The current tab is bold and underlined by a highlight bar; its text keeps the text colour (the highlight on the page background is below 4.5:1). */
  a[aria-current='page'] {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.text};
    border-bottom-color: ${({ theme }) => theme.colors.highlight};
  }

  a:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: -2px;
  }
`;
