import { consoleRoute, routePageName, type ConsoleRouteKey } from '@beacon/contracts';
import { useMachine } from '@xstate/react';
import { useCallback, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useApi } from '../../api/api-context';
import { useDialog, useSnackbar } from '../../feedback/use-feedback';
import { LoadFailure, Note, Page } from '../../shared-ui/page-layout';
import { AuditForm } from './components/AuditForm';
import { ConferenceForm } from './components/ConferenceForm';
import { MergeFields } from './components/MergeFieldsForm';
import { MessageSendingForm } from './components/MessageSendingForm';
import { OutboundAndInboundRoutingForm } from './components/OutboundAndInboundRoutingForm';
import { SectionNav } from './components/SectionNav';
import { UserAndMaintenanceAndAccessForm } from './components/UserAndMaintenanceAndAccessForm';
import { datasetEditApi } from './dataset-edit-api';
import { EDIT_SECTIONS, SETTINGS_SUBSECTIONS, sectionOf } from './dataset-edit-sections';
import type { FormServices } from './form-services';
import { createLoadMachine } from './machines/load.machine';
import { DatasetOnCallTab } from './on-call/DatasetOnCallTab';
import { FieldsEditor } from './fields/FieldsEditor';

/** A dataset's edit screens (admins): one screen for every tab, so moving between tabs keeps the page. */
export default function DatasetEditScreen({ routeKey }: { readonly routeKey: ConsoleRouteKey }) {
  const { id = '' } = useParams();
  return <DatasetEditPage key={id} id={id} routeKey={routeKey} />;
}

/**
 * Edit a dataset (spec part 2 §2): its name as the heading, its sections as tabs (Devices, Data,
 * Settings with its three screens, Audit, SFTP, Conference, On call, Registration, Merge fields),
 * and the section of the route.
 */
function DatasetEditPage({ id, routeKey }: { id: string; routeKey: ConsoleRouteKey }) {
  const api = useApi();
  const snackbar = useSnackbar();
  const dialog = useDialog();
  const navigate = useNavigate();
  const titleId = useId();
  const unsaved = useRef(false);
  const services = useMemo<FormServices>(
    () => ({
      api: datasetEditApi(api),
      groupId: id,
      notify: (text, type) => snackbar.show(text, type),
      reportUnsaved: (now) => (unsaved.current = now),
    }),
    [api, id, snackbar],
  );
  /** Leaving a form with unsaved changes through the page's own links asks first. */
  const confirmLeaving = useCallback(
    (event: MouseEvent<HTMLAnchorElement>, to: string) => {
      if (!unsaved.current) return;
      event.preventDefault();
      dialog.alert({
        message: LEAVE_UNSAVED_TEXT,
        acceptText: 'Leave',
        declineText: 'Stay',
        onAccept: () => {
          unsaved.current = false;
          navigate(to);
        },
      });
    },
    [dialog, navigate],
  );
  const [logic] = useState(() => createLoadMachine(() => services.api.customerGroup(id)));
  const [snapshot, send] = useMachine(logic);
  const { data: group, loadError } = snapshot.context;

  return (
    <Page aria-labelledby={titleId}>
      <BackLink to={consoleRoute('datasets').path} onClick={(event) => confirmLeaving(event, consoleRoute('datasets').path)}>
        Manage Datasets
      </BackLink>
      {/* The page's name until the dataset's is known. */}
      <h1 id={titleId}>{group?.name ?? routePageName('datasets.edit')}</h1>
      {snapshot.matches('loading') && <Note role="status">Loading the dataset…</Note>}
      {loadError !== null && <LoadFailure text={loadError} onRetry={() => send({ type: 'load.retry' })} />}
      {group !== null && (
        <>
          <SectionNav label="Dataset sections" sections={EDIT_SECTIONS} id={id} page={routeKey} current={sectionOf(routeKey)} onFollow={confirmLeaving} />
          <Section routeKey={routeKey} services={services} onFollow={confirmLeaving} />
        </>
      )}
    </Page>
  );
}

const SETTINGS_SCREEN_INTRO = 'Choose which settings of the dataset to change.';
export const LEAVE_UNSAVED_TEXT = 'Your changes are not saved. Leave this page without saving them?';

interface SectionProps {
  routeKey: ConsoleRouteKey;
  services: FormServices;
  onFollow: (event: MouseEvent<HTMLAnchorElement>, to: string) => void;
}

function Section({ routeKey, services, onFollow }: SectionProps) {
  if (sectionOf(routeKey) === 'datasets.edit.settings') {
    return (
      <>
        <SectionNav label="Settings sections" sections={SETTINGS_SUBSECTIONS} id={services.groupId} page={routeKey} onFollow={onFollow} />
        {routeKey === 'datasets.edit.settings' && <Note>{SETTINGS_SCREEN_INTRO}</Note>}
        {routeKey === 'datasets.edit.settings.outboundAndInboundRouting' && <OutboundAndInboundRoutingForm services={services} />}
        {routeKey === 'datasets.edit.settings.userAndMaintenanceAndAccess' && <UserAndMaintenanceAndAccessForm services={services} />}
        {routeKey === 'datasets.edit.settings.messageSending' && <MessageSendingForm services={services} />}
      </>
    );
  }
  if (routeKey === 'datasets.edit.devices') return <FieldsEditor kind="devices" groupId={services.groupId} notify={services.notify} />;
  if (routeKey === 'datasets.edit.data') return <FieldsEditor kind="data" groupId={services.groupId} notify={services.notify} />;
  if (routeKey === 'datasets.edit.audit') return <AuditForm services={services} />;
  if (routeKey === 'datasets.edit.conference') return <ConferenceForm services={services} />;
  if (routeKey === 'datasets.edit.mergeFields') return <MergeFields services={services} />;
  if (routeKey === 'datasets.edit.onCall') return <DatasetOnCallTab services={services} />;
  return <LaterRelease label={EDIT_SECTIONS.find((section) => section.routeKey === routeKey)?.label ?? ''} />;
}

/** A section that is routed but not built yet. */
function LaterRelease({ label }: { label: string }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{label}</h2>
      <Note>This screen is coming in a later release.</Note>
    </section>
  );
}

/* The text colour, underlined: the (brandable) highlight on the page background is below 4.5:1. */
const BackLink = styled(Link)`
  justify-self: start;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: underline;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 2px;
  }
`;
