import { consoleRoute } from '@beacon/contracts';
import { canAccess, NO_MATCHING_RESULTS_MESSAGE } from '@beacon/domain';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { generatePath } from 'react-router-dom';
import styled from 'styled-components';
import { useApi } from '../../api/api-context';
import type { MessageListQuery } from '../../message-list/message-list-query';
import { useAccessSubject } from '../../navigation/access-subject-context';
import { SessionContext } from '../../session/session-context';
import { selectTimezone } from '../../session/session.selectors';
import { EmptyList } from '../../shared-ui/empty-list';
import { Field, Input } from '../../shared-ui/form-controls';
import { MessageListPager } from '../../shared-ui/MessageListPager';
import { LoadFailure, Note, Page } from '../../shared-ui/page-layout';
import { useDebouncedSearch } from '../../shared-ui/use-applied-filter';
import { useMessageListQuery } from '../../shared-ui/use-message-list-query';
import { SessionsTable } from './components/SessionsTable';
import type { ReportsListSnapshot } from './machines/message-reports.machine';
import { messageReportsApi } from './message-reports-api';
import { messageReportsLogic } from './message-reports.implementations';
import { sessionRows } from './session-rows';

const DETAILS = consoleRoute('message.dispatchDetails');
const OVERVIEW = consoleRoute('message.dispatchesOverview');

const selectPage = (snapshot: ReportsListSnapshot) => snapshot.context.page;
const selectOutcomes = (snapshot: ReportsListSnapshot) => snapshot.context.outcomes;
const selectError = (snapshot: ReportsListSnapshot) => snapshot.context.error;
const selectLoading = (snapshot: ReportsListSnapshot) => snapshot.matches('loading') || snapshot.matches('retrying');

/** Every message's sessions: the list asks for all messages, real and test alike. */
const allMessages = (query: MessageListQuery): MessageListQuery => ({ ...query, activeTab: 'all' });

/**
 * Message Reports (spec part 2 §2: admins, operators and senders): the sessions sent, one row each,
 * from a page of messages searched by name or message ID, with each session's progress live while it
 * is sending, and links to its Dispatch details (for those the session-report rule lets in) and its
 * Dispatches overview.
 */
export default function MessageReportsPage() {
  const api = useApi();
  const viewer = useAccessSubject();
  const timeZone = SessionContext.useSelector(selectTimezone);
  const { query: urlQuery, show, replace } = useMessageListQuery();
  const query = useMemo(() => allMessages(urlQuery), [urlQuery]);
  const [logic] = useState(() => messageReportsLogic(messageReportsApi(api), replace));
  const reports = useActorRef(logic, { input: { query } });
  const page = useSelector(reports, selectPage);
  const outcomes = useSelector(reports, selectOutcomes);
  const error = useSelector(reports, selectError);
  const loading = useSelector(reports, selectLoading);
  const searchId = useId();
  const search = useDebouncedSearch(query.search, (text) => show({ ...query, search: text, page: 1 }));

  useEffect(() => reports.send({ type: 'reports.query', query }), [query, reports]);

  const mayOpenDetails = canAccess(DETAILS.guard, viewer);
  const rows = sessionRows(page);
  const searched = query.search.trim();

  return (
    <Page aria-labelledby="message-reports-title">
      <h1 id="message-reports-title">Message Reports</h1>
      <Search role="search" aria-label="Search message reports" onSubmit={(event) => event.preventDefault()}>
        <Field>
          <label htmlFor={searchId}>Search by message name or message ID</label>
          <Input id={searchId} type="search" maxLength={200} value={search.text} onChange={(event) => search.type(event.target.value)} />
        </Field>
      </Search>
      {loading && page === null && <Note role="status">Loading message reports…</Note>}
      {error !== null && <LoadFailure text={error} onRetry={() => reports.send({ type: 'reports.reload' })} />}
      {page && page.count === 0 && searched !== '' && <Note role="status">{NO_MATCHING_RESULTS_MESSAGE}</Note>}
      {page && page.count === 0 && searched === '' && (
        <EmptyList>
          <h2>No messages sent yet</h2>
          <Note>Each time a message is sent, its session is reported here: who it reached, who replied, and who it failed to reach.</Note>
        </EmptyList>
      )}
      {page && page.count > 0 && rows.length === 0 && <Note role="status">None of the messages on this page has been sent yet.</Note>}
      {rows.length > 0 && (
        <SessionsTable
          caption={`Sessions sent${searched ? ` of messages matching “${searched}”` : ''}, by message last changed, newest session first (times in ${timeZone})`}
          rows={rows}
          outcomes={outcomes}
          timeZone={timeZone}
          busy={loading}
          detailsPath={(id) => (mayOpenDetails ? generatePath(DETAILS.path, { id }) : null)}
          overviewPath={(id) => generatePath(OVERVIEW.path, { id })}
        />
      )}
      {page && <MessageListPager label="Message report pages" query={query} count={page.count} onShow={show} />}
    </Page>
  );
}

const Search = styled.form`
  display: flex;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  ${Field} {
    flex: 1 1 240px;
    max-width: 420px;
  }
`;
