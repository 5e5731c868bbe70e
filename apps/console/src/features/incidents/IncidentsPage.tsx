import { canAccess } from '@beacon/domain';
import { consoleRoute, routePageName, type IncidentDto, type UploadedAttachmentDto } from '@beacon/contracts';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { generatePath, Link, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useApi } from '../../api/api-context';
import { errorText } from '../../api/api-error';
import { PrimaryButton, SecondaryButton } from '../../shared-ui/buttons';
import { Page } from '../../shared-ui/page-layout';
import { saveFile } from '../../shared-ui/save-file';
import { useSnackbar } from '../../feedback/use-feedback';
import { downloadIncidentPdf } from '../../api/download-incident-pdf';
import { useLiveIncidents } from '../../live/live-incidents';
import { useAccessSubject } from '../../navigation/access-subject-context';
import { useModuleNames } from '../../navigation/use-module-names';
import { SessionContext } from '../../session/session-context';
import { selectTimezone } from '../../session/session.selectors';
import type { AttachmentActions } from '../../shared-ui/incident-fields/AttachmentField';
import { EarlierVersionView } from './components/EarlierVersionView';
import { Alert, Note } from '../../shared-ui/incident-fields/form-controls';
import { IncidentEditor } from './components/IncidentEditor';
import { IncidentHistoryPanel } from './components/IncidentHistoryPanel';
import { IncidentList } from './components/IncidentList';
import { StartIncidentForm } from './components/StartIncidentForm';
import { readFailureText } from './incident-calls';
import { orderBeforeFirst } from '../../formatting/incident-list';
import { savedText } from './incident-messages';
import { incidentsApi } from './incidents-api';
import { incidentLogic, startIncidentLogic } from './incidents.implementations';
import type { IncidentWritten } from './machines/incident.machine';
import { useIncidentHistory } from './use-incident-history';
import { withIndefiniteArticle } from '../../formatting/indefinite-article';

/** The three routes this page serves: the list, the new incident, and a recorded incident. */
export type IncidentsRouteKey = 'incidents.start' | 'incidents.create' | 'incidents.edit';

const START_PATH = consoleRoute('incidents.start').path;
const CREATE_PATH = consoleRoute('incidents.create').path;
const editPath = (id: string) => generatePath(consoleRoute('incidents.edit').path, { id });

/**
 * Start, Create and Edit incident (spec part 1 §2, §4, §5): the incident list beside the incident
 * shown open. One page serves the three routes, so the list, the new-incident slot and the open
 * incident survive moving between them. Everything others change shows here live.
 */
export default function IncidentsPage({ routeKey }: { routeKey: IncidentsRouteKey }) {
  const client = useApi();
  const api = useMemo(() => incidentsApi(client), [client]);
  const navigate = useNavigate();
  const { id: routeId } = useParams();
  const snackbar = useSnackbar();
  const moduleNames = useModuleNames();
  const moduleName = moduleNames.singular;
  const timeZone = SessionContext.useSelector(selectTimezone);
  const subject = useAccessSubject();
  const permission = subject.customerPermission;

  // The machines' side effects reach the latest render's navigate, snackbar and module name.
  const effects = useRef({ openNew: (_: IncidentDto) => {}, written: (_: IncidentWritten) => {} });
  const [startLogic] = useState(() => startIncidentLogic(api, (incident) => effects.current.openNew(incident)));
  const [start, sendStart] = useMachine(startLogic, { input: { canUseTemplates: canAccess('incidentSettings', subject) } });
  const [openLogic] = useState(() => incidentLogic(api, (written) => effects.current.written(written)));
  const [current, sendIncident] = useMachine(openLogic, { input: { permission } });
  /** Null until the user opens or closes the start panel: it then shows where it is needed. */
  const [startFormOpen, setStartFormOpen] = useState<boolean | null>(null);

  useEffect(() => {
    effects.current = {
      openNew: () => {
        setStartFormOpen(null);
        navigate(CREATE_PATH);
      },
      written: ({ incident, started }) => {
        snackbar.show(savedText(moduleName));
        if (started && incident.id !== null) {
          sendStart({ type: 'incidents.started', incident });
          navigate(editPath(incident.id));
        } else {
          sendStart({ type: 'incidents.updated', incident });
        }
      },
    };
  });

  useLiveIncidents((incident) => {
    sendStart({ type: 'incidents.changedElsewhere', incident });
    sendIncident({ type: 'incident.changedElsewhere', incident });
  });

  const slot = start.context.newIncident;
  const open = current.context.incident;
  const loadingId = current.context.loadingId;
  useEffect(() => {
    // The new incident becomes current on the Create route; a recorded one on its Edit route.
    if (routeKey === 'incidents.create' && slot && open !== slot) sendIncident({ type: 'incident.open', incident: slot });
    if (routeKey === 'incidents.edit' && routeId && open?.id !== routeId && loadingId !== routeId) {
      sendIncident({ type: 'incident.load', id: routeId });
    }
  }, [routeKey, routeId, slot, open, loadingId, sendIncident]);

  const [earlier, setEarlier] = useState<IncidentDto | null>(null);
  const recordedId = routeKey === 'incidents.edit' && open?.id === routeId ? (routeId ?? null) : null;
  useEffect(() => setEarlier(null), [recordedId]);
  const history = useIncidentHistory(api, recordedId, recordedId ? (open?.version ?? null) : null);

  const [exporting, setExporting] = useState(false);
  const exportPdf = async (id: string) => {
    setExporting(true);
    try {
      await downloadIncidentPdf(client, id);
    } catch (error) {
      snackbar.show(errorText(error), 'error');
    } finally {
      setExporting(false);
    }
  };

  const viewEarlier = async (id: string, version: number) => {
    try {
      setEarlier(await api.incident(id, version));
    } catch (error) {
      snackbar.show(readFailureText(error), 'error');
    }
  };

  const attachments: AttachmentActions = {
    upload: (file, field) => api.uploadAttachment(file, { ...(open?.id ? { incident: open.id } : {}), field }),
    open: (attachment: UploadedAttachmentDto) => {
      api.attachment(attachment.url).then(
        (file) => saveFile(file, attachment.name),
        (error: unknown) => snackbar.show(readFailureText(error), 'error'),
      );
    },
    failureText: readFailureText,
  };

  const incidents = start.context.incidents;
  const title = routePageName(routeKey, moduleNames);
  const showStartForm = startFormOpen ?? (routeKey === 'incidents.create' && !slot && !start.matches({ newIncident: 'creating' }));

  return (
    <Page aria-labelledby="incidents-title">
      <h1 id="incidents-title">{title}</h1>
      <Columns>
        <ListColumn aria-labelledby="incidents-list-title">
          <ListHeader>
            <h2 id="incidents-list-title">{moduleNames.plural}</h2>
            <PrimaryButton type="button" aria-expanded={showStartForm} onClick={() => setStartFormOpen(!showStartForm)}>
              Start {moduleName}
            </PrimaryButton>
          </ListHeader>
          {showStartForm && (
            <StartIncidentForm
              moduleName={moduleName}
              forms={start.context.forms}
              templates={start.context.templates}
              formsLoading={start.matches({ forms: 'loading' })}
              formsFailed={start.matches({ forms: 'failed' })}
              creating={start.matches({ newIncident: 'creating' })}
              error={start.context.createError}
              onCreate={(source) => sendStart({ type: 'incidents.create', source })}
              onCancel={() => {
                setStartFormOpen(null);
                if (routeKey === 'incidents.create' && !slot) navigate(START_PATH);
              }}
            />
          )}
          {slot && routeKey !== 'incidents.create' && (
            <Note>
              A new {moduleName} is waiting to be saved. <Link to={CREATE_PATH}>Open it</Link>
            </Note>
          )}
          {start.matches({ list: 'loading' }) && incidents === null && <Note role="status">Loading {moduleNames.plural}…</Note>}
          {start.context.listError && (
            <Alert role="alert">
              <p>{start.context.listError}</p>
              <SecondaryButton type="button" onClick={() => sendStart({ type: 'incidents.reload' })}>
                Try again
              </SecondaryButton>
            </Alert>
          )}
          {incidents && (
            <IncidentList
              incidents={incidents}
              currentId={routeKey === 'incidents.edit' ? (routeId ?? null) : null}
              editPath={editPath}
              timeZone={timeZone}
              moduleName={moduleName}
              moduleNamePlural={moduleNames.plural}
            />
          )}
        </ListColumn>

        <DetailColumn>
          {routeKey === 'incidents.start' && <Note>Choose {withIndefiniteArticle(moduleName)} from the list to open it, or start a new one.</Note>}

          {routeKey === 'incidents.create' && start.matches({ newIncident: 'creating' }) && (
            <Note role="status">Creating the new {moduleName}…</Note>
          )}
          {routeKey === 'incidents.create' && open && open.id === null && (
            <IncidentEditor
              snapshot={current}
              send={sendIncident}
              moduleName={moduleName}
              timeZone={timeZone}
              attachments={attachments}
              onSave={() => sendIncident({ type: 'incident.save', order: orderBeforeFirst(incidents ?? []) })}
              onDiscard={() => {
                sendStart({ type: 'incidents.discardNew' });
                sendIncident({ type: 'incident.close' });
                navigate(START_PATH);
              }}
            />
          )}

          {routeKey === 'incidents.edit' && current.matches('loading') && <Note role="status">Loading the {moduleName}…</Note>}
          {routeKey === 'incidents.edit' && current.context.error?.call === 'load' && !current.matches('loading') && (
            <Alert role="alert">
              <p>{current.context.error.text}</p>
              <SecondaryButton type="button" onClick={() => routeId && sendIncident({ type: 'incident.load', id: routeId })}>
                Try again
              </SecondaryButton>
            </Alert>
          )}
          {recordedId && open && (
            <>
              {earlier ? (
                <EarlierVersionView
                  incident={earlier}
                  moduleName={moduleName}
                  permission={permission}
                  timeZone={timeZone}
                  attachments={attachments}
                  onBack={() => setEarlier(null)}
                />
              ) : (
                <IncidentEditor
                  snapshot={current}
                  send={sendIncident}
                  moduleName={moduleName}
                  timeZone={timeZone}
                  attachments={attachments}
                  onSave={() => sendIncident({ type: 'incident.save' })}
                  onExportPdf={() => void exportPdf(recordedId)}
                  exporting={exporting}
                />
              )}
              <IncidentHistoryPanel
                entries={history.entries}
                loading={history.loading}
                error={history.error}
                timeZone={timeZone}
                moduleName={moduleName}
                viewingVersion={earlier?.version ?? null}
                onRetry={history.reload}
                onView={(version) => void viewEarlier(recordedId, version)}
              />
            </>
          )}
        </DetailColumn>
      </Columns>
    </Page>
  );
}

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(240px, 1fr) minmax(0, 2.5fr);
  gap: 24px;
  align-items: start;

  @media (max-width: ${({ theme }) => theme.narrowScreenPx}px) {
    grid-template-columns: 1fr;
  }
`;

const ListColumn = styled.section`
  display: grid;
  gap: 12px;
`;

const ListHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  justify-content: space-between;

  h2 {
    margin: 0;
    font-size: 1.2em;
  }
`;

const DetailColumn = styled.div`
  display: grid;
  gap: 24px;
  min-width: 0;
`;
