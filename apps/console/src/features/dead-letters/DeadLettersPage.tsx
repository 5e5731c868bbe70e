import type { DeadLetterDto } from '@beacon/contracts';
import { useState } from 'react';
import styled from 'styled-components';
import { channelsText } from '../../formatting/channel-names';
import { formatDateTime } from '../../formatting/date-time';
import { SessionContext } from '../../session/session-context';
import { selectTimezone } from '../../session/session.selectors';
import { PrimaryButton, SecondaryButton } from '../../shared-ui/buttons';
import { CellNote, DataTable } from '../../shared-ui/DataTable';
import { EmptyList } from '../../shared-ui/empty-list';
import { Pager } from '../../shared-ui/Pager';
import { useDeadLetters, type DeadLetterQuery, type RetryState } from './use-dead-letters';
import { Note, Page } from '../../shared-ui/page-layout';
import { TitleRow } from '../../shared-ui/title-row';

const PAGE_SIZES = [25, 50, 100] as const;

/** Where a dead letter stands. */
function statusOf(letter: DeadLetterDto): string {
  if (!letter.retried) return 'Set aside';
  return letter.retried.queued ? 'Retried' : 'Retry queued';
}

const who = (letter: DeadLetterDto) => letter.recipient_name ?? letter.recipient_id;

/** What the last retry did, in words. */
function retryText(retry: RetryState): string {
  switch (retry.state) {
    case 'idle':
    case 'failed':
      return '';
    case 'retrying':
      return `Retrying ${retry.count} ${retry.count === 1 ? 'dead letter' : 'dead letters'}…`;
    case 'done': {
      const { retried, already_retried } = retry.answer;
      const parts = [`${retried.length} ${retried.length === 1 ? 'dead letter was' : 'dead letters were'} retried.`];
      if (already_retried.length) parts.push(`${already_retried.length} had been retried already.`);
      return parts.join(' ');
    }
  }
}

/**
 * Dead letters (admins; not in the spec): deliveries the dispatch workers claimed too many times
 * without an answer from the provider. An admin chooses some and retries them: each gets one new
 * attempt, sent once; a dead letter retried already cannot be chosen again.
 */
export default function DeadLettersPage() {
  const [query, setQuery] = useState<DeadLetterQuery>({ page: 1, pageSize: 25 });
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const { list, reload, retry, retryChosen } = useDeadLetters(query);
  const timezone = SessionContext.useSelector(selectTimezone);
  const page = list.state === 'failed' ? null : list.page;
  const loading = list.state === 'loading';
  const retrying = retry.state === 'retrying';
  const open = page?.results.filter((letter) => !letter.retried) ?? [];
  const allChosen = open.length > 0 && open.every((letter) => chosen.has(letter.id));

  const choose = (id: string, on: boolean) =>
    setChosen((last) => {
      const next = new Set(last);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const show = (next: DeadLetterQuery) => {
    setChosen(new Set());
    setQuery(next);
  };
  const retrySelected = async () => {
    if (await retryChosen([...chosen])) setChosen(new Set());
  };

  return (
    <Page aria-labelledby="dead-letters-title">
      <TitleRow>
        <h1 id="dead-letters-title">Dead letters</h1>
        <SecondaryButton type="button" onClick={reload} disabled={loading}>
          Refresh
        </SecondaryButton>
      </TitleRow>
      <Note>
        Messages the dispatch workers tried to send several times without an answer from the provider, set aside so that nothing else
        waits for them. Choose those to send again and press Retry: each is sent once more.
      </Note>
      {list.state === 'failed' && <ErrorText role="alert">{list.error}</ErrorText>}
      {page === null && loading && <p role="status">Loading…</p>}
      {page && page.count === 0 && query.page === 1 && (
        <EmptyList>
          <h2>No dead letters</h2>
          <p>Every message sent so far has had an answer from its provider.</p>
        </EmptyList>
      )}
      {page && (page.count > 0 || query.page > 1) && (
        <>
          <Actions>
            <PrimaryButton type="button" onClick={() => void retrySelected()} disabled={chosen.size === 0 || retrying} aria-busy={retrying}>
              {chosen.size ? `Retry ${chosen.size} selected` : 'Retry selected'}
            </PrimaryButton>
            <p role="status">{retryText(retry)}</p>
          </Actions>
          {retry.state === 'failed' && <ErrorText role="alert">The dead letters were not retried: {retry.error}</ErrorText>}
          <LettersTable caption="Dead letters, newest first" busy={loading}>
            <thead>
              <tr>
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label="Select every dead letter on this page not retried yet"
                    checked={allChosen}
                    disabled={open.length === 0 || retrying}
                    onChange={(event) => setChosen(event.target.checked ? new Set(open.map((letter) => letter.id)) : new Set())}
                  />
                </th>
                <th scope="col">Set aside</th>
                <th scope="col">Message</th>
                <th scope="col">Recipient</th>
                <th scope="col">Channel</th>
                <th scope="col">Reason</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {page.results.map((letter) => (
                <tr key={letter.id}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select the ${channelsText([letter.channel])} message to ${who(letter)}`}
                      checked={chosen.has(letter.id)}
                      disabled={letter.retried !== null || retrying}
                      onChange={(event) => choose(letter.id, event.target.checked)}
                    />
                  </td>
                  <td>
                    <time dateTime={letter.dead_lettered_at}>{formatDateTime(letter.dead_lettered_at, timezone)}</time>
                  </td>
                  <td>
                    {letter.message_name ?? 'Unknown message'}
                    <CellNote>{letter.session_id}</CellNote>
                  </td>
                  <td>
                    {who(letter)}
                    {letter.address && <CellNote>{letter.address}</CellNote>}
                  </td>
                  <td>{channelsText([letter.channel])}</td>
                  <td>{letter.reason}</td>
                  <td>
                    {statusOf(letter)}
                    {letter.retried && <CellNote>{formatDateTime(letter.retried.at, timezone)}</CellNote>}
                  </td>
                </tr>
              ))}
            </tbody>
          </LettersTable>
          <Pager
            label="Dead letter pages"
            page={query.page}
            numberOfPages={Math.max(1, Math.ceil(page.count / query.pageSize))}
            pageSize={query.pageSize}
            pageSizes={PAGE_SIZES}
            countText={`${page.count} ${page.count === 1 ? 'dead letter' : 'dead letters'}`}
            onPage={(next) => show({ ...query, page: next })}
            onPageSize={(pageSize) => show({ ...query, pageSize, page: 1 })}
          />
        </>
      )}
    </Page>
  );
}




const Actions = styled.div`
  display: flex;
  gap: 16px;
  align-items: center;

  p {
    margin: 0;
  }
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error};
`;

const LettersTable = styled(DataTable)`
  td:first-child,
  th:first-child {
    width: 1px;
  }
`;
