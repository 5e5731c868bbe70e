import { activityLogScreens } from '../../features/activity-log/screens';
import { audioNoticeboardScreens } from '../../features/audio-noticeboard/screens';
import { changePasswordScreens } from '../../features/change-password/screens';
import { dashboardScreens } from '../../features/dashboard/screens';
import { datasetEditScreens } from '../../features/dataset-edit/screens';
import { datasetsScreens } from '../../features/datasets/screens';
import { emailOutboxScreens } from '../../features/email-outbox/screens';
import { deadLettersScreens } from '../../features/dead-letters/screens';
import { simulatorOutboxScreens } from '../../features/simulator-outbox/screens';
import { impersonateLoginScreens } from '../../features/impersonate-login/screens';
import { incidentReportsScreens } from '../../features/incident-reports/screens';
import { incidentSettingsScreens } from '../../features/incident-settings/screens';
import { incidentTemplateScreens } from '../../features/incident-template/screens';
import { incidentsScreens } from '../../features/incidents/screens';
import { login2faScreens } from '../../features/login-2fa/screens';
import { loginFaqScreens } from '../../features/login-faq/screens';
import { loginScreens } from '../../features/login/screens';
import { messageBuilderScreens } from '../../features/message-builder/screens';
import { messageCalendarScreens } from '../../features/message-calendar/screens';
import { messageReportsScreens } from '../../features/message-reports/screens';
import { messageSendingScreens } from '../../features/message-sending/screens';
import { messageTemplatesScreens } from '../../features/message-templates/screens';
import { notFoundScreens } from '../../features/not-found/screens';
import { passwordResetScreens } from '../../features/password-reset/screens';
import { responsePageScreens } from '../../features/response-page/screens';
import { setPasswordScreens } from '../../features/set-password/screens';
import { userEditScreens } from '../../features/user-edit/screens';
import { usersScreens } from '../../features/users/screens';
import { composeScreenMaps } from './screen-map';

/** Every built screen, from each feature's own map; a route no feature shows gets a placeholder. */
export const SCREENS = composeScreenMaps([
  dashboardScreens,
  incidentsScreens,
  incidentReportsScreens,
  incidentSettingsScreens,
  activityLogScreens,
  datasetsScreens,
  datasetEditScreens,
  usersScreens,
  messageTemplatesScreens,
  messageBuilderScreens,
  messageSendingScreens,
  messageReportsScreens,
  userEditScreens,
  emailOutboxScreens,
  simulatorOutboxScreens,
  deadLettersScreens,
  audioNoticeboardScreens,
  messageCalendarScreens,
  notFoundScreens,
  loginScreens,
  login2faScreens,
  passwordResetScreens,
  loginFaqScreens,
  setPasswordScreens,
  impersonateLoginScreens,
  changePasswordScreens,
  incidentTemplateScreens,
  responsePageScreens,
]);
