import { routePageName, type ConsoleRouteKey } from '@beacon/contracts';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState, type JSX } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useApi } from '../../api/api-context';
import { useDialog, useSnackbar } from '../../feedback/use-feedback';
import { useAccessSubject } from '../../navigation/access-subject-context';
import { settingsOfGroup } from '../../navigation/user-administration';
import { SessionContext } from '../../session/session-context';
import { selectCustomerGroup } from '../../session/session.selectors';
import { LoadFailure, Note, Page } from '../../shared-ui/page-layout';
import { SectionTabs } from '../../shared-ui/SectionTabs';
import { BuilderContext, type BuilderEnvironment } from './builder-context';
import { MESSAGE_BUILDER_STEPS, STEP_LABELS, stepOfRoute, stepPath, type BuilderPlace, type MessageBuilderStep } from './builder-steps';
import { ContentStep } from './components/steps/ContentStep';
import { DevicesStep } from './components/steps/DevicesStep';
import { FinishStep } from './components/steps/FinishStep';
import { NoticeboardStep } from './components/steps/NoticeboardStep';
import { RecipientsStep } from './components/steps/RecipientsStep';
import { SequenceStep } from './components/steps/SequenceStep';
import { SettingsStep } from './components/steps/SettingsStep';
import { TriggerStep } from './components/steps/TriggerStep';
import { messageBuilderApi } from './message-builder-api';
import { messageBuilderLogic } from './message-builder.implementations';
import { selectDraft, selectFlaggedSteps, selectLoadError, selectLoaded, selectLoading, selectScenarioId, selectUnsaved } from './message-builder.selectors';
import { useConfirmLeaving } from './use-confirm-leaving';

export const HAS_ERRORS_TEXT = '(has errors)';

const STEPS: Record<MessageBuilderStep, () => JSX.Element> = {
  settings: SettingsStep,
  recipients: RecipientsStep,
  devices: DevicesStep,
  sequence: SequenceStep,
  content: ContentStep,
  noticeboard: NoticeboardStep,
  trigger: TriggerStep,
  finish: FinishStep,
};

/**
 * Create Message and Edit Message (spec part 2 §2), every step one screen, so moving between steps
 * keeps the draft. A new message's first save moves to its edit route and keeps the same builder.
 */
export default function MessageBuilderScreen({ routeKey }: { readonly routeKey: ConsoleRouteKey }) {
  const { id } = useParams();
  // The builder that created a message goes on as that message's edit screen.
  const createdBy = useRef(new Map<string, string>());
  const newBuilder = useRef(1);
  if (routeKey === 'message.edit' && id !== undefined) return <Navigate to={stepPath({ mode: 'edit', id }, 'settings')} replace />;
  const key = id === undefined ? `new-${newBuilder.current}` : (createdBy.current.get(id) ?? id);
  const onCreated = (createdId: string) => {
    createdBy.current.set(createdId, `new-${newBuilder.current}`);
    newBuilder.current += 1;
  };
  return <MessageBuilderPage key={key} scenarioId={id ?? null} routeKey={routeKey} onCreated={onCreated} />;
}

interface MessageBuilderPageProps {
  scenarioId: string | null;
  routeKey: ConsoleRouteKey;
  onCreated: (id: string) => void;
}

function MessageBuilderPage({ scenarioId, routeKey, onCreated }: MessageBuilderPageProps) {
  const api = useApi();
  const snackbar = useSnackbar();
  const dialog = useDialog();
  const navigate = useNavigate();
  const viewer = useAccessSubject();
  const group = SessionContext.useSelector(selectCustomerGroup);
  const titleId = useId();
  const groupSettings = useMemo(() => settingsOfGroup(group), [group]);
  const [calls] = useState(() => messageBuilderApi(api));
  const [logic] = useState(() =>
    messageBuilderLogic({
      api: calls,
      notify: (text, type) => snackbar.show(text, type),
      showStep: (place, step) => {
        if (place.mode === 'edit' && scenarioId === null) onCreated(place.id);
        navigate(stepPath(place, step));
      },
    }),
  );
  const actor = useActorRef(logic, {
    input: {
      scenarioId,
      groupId: group?.id ?? '',
      groupVoice: groupSettings.default_tts_voice,
      rootPermissions: viewer.rootPermissions,
      // Spec part 2 §6: "Operators and admins can load dataset fields" (a sender's call would sign them out).
      canReadFields: viewer.customerPermission === 'ADMIN' || viewer.customerPermission === 'OPERATOR',
      step: stepOfRoute(routeKey),
    },
  });
  const step = stepOfRoute(routeKey);
  useEffect(() => actor.send({ type: 'builder.step', step }), [actor, step]);

  const loading = useSelector(actor, selectLoading);
  const loaded = useSelector(actor, selectLoaded);
  const loadError = useSelector(actor, selectLoadError);
  const savedId = useSelector(actor, selectScenarioId);
  const name = useSelector(actor, (snapshot) => selectDraft(snapshot).scenario_name);
  const flagged = useSelector(actor, selectFlaggedSteps);
  const unsaved = useSelector(actor, selectUnsaved);
  const place: BuilderPlace = savedId === null ? { mode: 'create' } : { mode: 'edit', id: savedId };
  useConfirmLeaving(unsaved, stepPath(place, 'settings').replace(/\/settings$/, ''), dialog);

  const environment = useMemo<BuilderEnvironment>(
    () => ({
      actor,
      api: calls,
      rootPermissions: viewer.rootPermissions,
      groupId: group?.id ?? '',
      settings: groupSettings,
    }),
    [actor, calls, viewer.rootPermissions, group?.id, groupSettings],
  );

  const tabs = MESSAGE_BUILDER_STEPS.map((each) => ({
    key: each,
    label: flagged.split(' ').includes(each) ? `${STEP_LABELS[each]} ${HAS_ERRORS_TEXT}` : STEP_LABELS[each],
    to: stepPath(place, each),
    current: each === step ? ('page' as const) : undefined,
  }));
  const Step = STEPS[step];

  return (
    <Page aria-labelledby={titleId}>
      <h1 id={titleId}>{routePageName(routeKey)}</h1>
      {name.trim() !== '' && <Note>{name}</Note>}
      {loading && <Note role="status">Loading the message…</Note>}
      {loadError !== null && <LoadFailure text={loadError} onRetry={() => actor.send({ type: 'builder.retry' })} />}
      {loaded && (
        <BuilderContext.Provider value={environment}>
          <SectionTabs label="Message steps" tabs={tabs} />
          <Step />
        </BuilderContext.Provider>
      )}
    </Page>
  );
}
