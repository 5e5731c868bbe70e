import { canAccessRoute, consoleRoute, type ConsoleRouteKey, type MessageBuilderStep } from '@beacon/contracts';
import { NO_MATCHING_RESULTS_MESSAGE } from '@beacon/domain';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { generatePath, Link } from 'react-router-dom';
import { useApi } from '../../api/api-context';
import { useDialog, useSnackbar } from '../../feedback/use-feedback';
import { isFiltered } from '../../message-list/message-list-query';
import { useAccessSubject } from '../../navigation/access-subject-context';
import { SessionContext } from '../../session/session-context';
import { selectTimezone } from '../../session/session.selectors';
import { LoadFailure, Note, Page } from '../../shared-ui/page-layout';
import { MessageListFilters, TAB_LABELS } from '../../shared-ui/MessageListFilters';
import { EmptyList } from '../../shared-ui/empty-list';
import { MessageListPager } from '../../shared-ui/MessageListPager';
import { useMessageListQuery } from '../../shared-ui/use-message-list-query';
import { SendableMessagesTable } from './components/SendableMessagesTable';
import { QuotaUsagePanel } from './components/QuotaUsagePanel';
import { SendFailurePanel } from './components/SendFailurePanel';
import { SessionProgressPanel } from './components/SessionProgressPanel';
import {
  selectFailure,
  selectLoadError,
  selectLoading,
  selectOutcomes,
  selectPage,
  selectProgress,
  selectQuotaUsage,
  selectSendingId,
  selectSendStep,
} from './machines/message-sending.selectors';
import { messageSendingApi } from './message-sending-api';
import { messageSendingLogic } from './message-sending.implementations';
import { confirmationText, CONFIRM_SEND_TEXT, DECLINE_SEND_TEXT } from './send-confirmation';
import { newIdempotencyKey } from '../../api/idempotency-key';

const CREATE_PATH = consoleRoute('message.create').path;
const editPath = (id: string) => generatePath(consoleRoute('message.edit').path, { id });
const tabRoute = (step: MessageBuilderStep) => `message.edit.${step}` as ConsoleRouteKey;

/**
 * Send Message (spec part 2 §2: admins, operators and senders): the messages the user may send, all,
 * real or test, searched and paged as Message Templates does, each with its latest sends and Send.
 * Send asks first (naming the message, whether it is real, and how many people it reaches), then
 * sends once however often it is pressed, and shows the session's progress live until it is complete.
 * The organisation's daily quotas, when it has any, show under the title with today's use.
 */
export default function MessageSendingPage() {
  const api = useApi();
  const snackbar = useSnackbar();
  const dialog = useDialog();
  const viewer = useAccessSubject();
  const timeZone = SessionContext.useSelector(selectTimezone);
  const { query, show, replace } = useMessageListQuery();
  const [logic] = useState(() =>
    messageSendingLogic({
      api: messageSendingApi(api),
      notifyFailure: (text) => snackbar.show(text, 'error'),
      askToConfirm: (confirmation, confirm) =>
        dialog.alert({ message: confirmationText(confirmation), acceptText: CONFIRM_SEND_TEXT, declineText: DECLINE_SEND_TEXT, onAccept: confirm }),
      replaceQuery: replace,
    }),
  );
  const sending = useActorRef(logic, { input: { query } });
  const page = useSelector(sending, selectPage);
  const outcomes = useSelector(sending, selectOutcomes);
  const quotaUsage = useSelector(sending, selectQuotaUsage);
  const error = useSelector(sending, selectLoadError);
  const loading = useSelector(sending, selectLoading);
  const sendingId = useSelector(sending, selectSendingId);
  const sendStep = useSelector(sending, selectSendStep);
  const failure = useSelector(sending, selectFailure);
  const progress = useSelector(sending, selectProgress);
  const progressHeading = useRef<HTMLHeadingElement>(null);
  const failureHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => sending.send({ type: 'sending.query', query }), [query, sending]);
  // A send started or failed: the keyboard's focus goes to what it shows.
  useEffect(() => progressHeading.current?.focus(), [progress]);
  useEffect(() => failureHeading.current?.focus(), [failure]);

  const canCreate = canAccessRoute('message.create', viewer);
  const caption = `${query.activeTab === 'all' ? 'Messages' : `${TAB_LABELS[query.activeTab]} messages`}${
    query.search.trim() ? ` matching “${query.search.trim()}”` : ''
  } you can send, last changed first (times in ${timeZone})`;

  return (
    <Page aria-labelledby="message-sending-title">
      <h1 id="message-sending-title">Send Message</h1>
      <QuotaUsagePanel usage={quotaUsage} timeZone={timeZone} />
      {progress && <SessionProgressPanel key={progress.sessionId} ref={progressHeading} progress={progress} />}
      {failure && (
        <SendFailurePanel
          ref={failureHeading}
          name={failure.message.name}
          reason={failure.reason}
          tabPath={(step) => (canAccessRoute(tabRoute(step), viewer, { id: failure.message.id }) ? generatePath(consoleRoute(tabRoute(step)).path, { id: failure.message.id }) : null)}
          onTryAgain={() => sending.send({ type: 'sending.retry' })}
        />
      )}
      <MessageListFilters label="Filter messages to send" query={query} onChange={(patch) => show({ ...query, ...patch, page: 1 })} />
      {loading && page === null && <Note role="status">Loading messages…</Note>}
      {error !== null && <LoadFailure text={error} onRetry={() => sending.send({ type: 'sending.reload' })} />}
      {page && page.count === 0 && isFiltered(query) && <Note role="status">{NO_MATCHING_RESULTS_MESSAGE}</Note>}
      {page && page.count === 0 && !isFiltered(query) && (
        <EmptyList>
          <h2>No messages to send yet</h2>
          <Note>{canCreate ? 'A message you create can be sent from here.' : 'An administrator or operator creates the messages you send.'}</Note>
          {canCreate && <Link to={CREATE_PATH}>Create Message</Link>}
        </EmptyList>
      )}
      {page && page.results.length > 0 && (
        <SendableMessagesTable
          caption={caption}
          messages={page.results}
          outcomes={outcomes}
          timeZone={timeZone}
          busy={loading}
          editPath={(message) => (canAccessRoute('message.edit', viewer, { id: message.id }) ? editPath(message.id) : null)}
          sendingId={sendingId}
          sendStep={sendStep}
          onSend={(message) => sending.send({ type: 'sending.prepare', message, key: newIdempotencyKey() })}
        />
      )}
      {page && <MessageListPager label="Message pages" query={query} count={page.count} onShow={show} />}
    </Page>
  );
}
