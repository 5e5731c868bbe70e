import { canAccess, hasRootPermission, MINIMUM_STAFFING_PERMISSION, ON_CALL_PERMISSION } from '@beacon/domain';
import { useMachine } from '@xstate/react';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { useApi } from '../../../api/api-context';
import { onCallTimeZone } from '../../../formatting/on-call-times';
import { useAccessSubject } from '../../../navigation/access-subject-context';
import { LoadFailure, Note } from '../../../shared-ui/page-layout';
import { settingsOfGroup } from '../dataset-edit-api';
import type { FormServices } from '../form-services';
import { createLoadMachine } from '../machines/load.machine';
import { datasetOnCallApi } from './dataset-on-call-api';
import { OnCallRoster } from './OnCallRoster';
import { OnCallSettingsForm } from './OnCallSettingsForm';

export const ON_CALL_TITLE = 'On call';
export const NO_ON_CALL_FEATURE_TEXT = `On call needs the “${ON_CALL_PERMISSION}” feature, which your organisation does not have.`;

/**
 * A dataset's On call tab (spec part 2 §2 on-call, §3, §7): its on-call settings, who is on call now,
 * the roster of a week with the assignment of several users, and its files. Every on-call call needs
 * "On Call core platform access" (without it the server refuses, so nothing is offered); minimum
 * staffing needs "Minimum staffing requirements" too.
 */
export function DatasetOnCallTab({ services }: { services: FormServices }) {
  const viewer = useAccessSubject();
  const titleId = useId();
  const available = canAccess('onCall', viewer);
  return (
    <Section aria-labelledby={titleId}>
      <h2 id={titleId}>{ON_CALL_TITLE}</h2>
      {available ? (
        <OnCallScreens services={services} canStaff={hasRootPermission(viewer, MINIMUM_STAFFING_PERMISSION)} />
      ) : (
        <Note>{NO_ON_CALL_FEATURE_TEXT}</Note>
      )}
    </Section>
  );
}

function OnCallScreens({ services, canStaff }: { services: FormServices; canStaff: boolean }) {
  const client = useApi();
  const [api] = useState(() => datasetOnCallApi(client));
  const { groupId, notify, reportUnsaved } = services;
  // The dataset's time zone: its roster's weeks and times are on its clocks.
  const [logic] = useState(() => createLoadMachine(() => api.customerGroup(groupId)));
  const [snapshot, send] = useMachine(logic);
  const { data: group, loadError } = snapshot.context;
  const timeZone = group === null ? null : onCallTimeZone(settingsOfGroup(group).preferred_timezone);
  return (
    <>
      {timeZone !== null && <Note>Times are DD/MM/YYYY HH:mm:ss in {timeZone}, the dataset’s time zone.</Note>}
      <OnCallSettingsForm groupId={groupId} api={api} canStaff={canStaff} notify={notify} reportUnsaved={reportUnsaved} />
      {snapshot.matches('loading') && <Note role="status">Loading the dataset’s time zone…</Note>}
      {loadError !== null && <LoadFailure text={loadError} onRetry={() => send({ type: 'load.retry' })} />}
      {timeZone !== null && <OnCallRoster key={timeZone} groupId={groupId} timeZone={timeZone} api={api} notify={notify} />}
    </>
  );
}

const Section = styled.section`
  display: grid;
  gap: 20px;

  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
`;
