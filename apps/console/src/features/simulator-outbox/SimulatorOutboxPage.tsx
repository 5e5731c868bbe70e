import { SENDING_CHANNELS, type SimulatedMessageDto } from '@beacon/contracts';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { formatDateTime } from '../../formatting/date-time';
import { channelsText } from '../../formatting/channel-names';
import { SessionContext } from '../../session/session-context';
import { selectTimezone } from '../../session/session.selectors';
import { SecondaryButton } from '../../shared-ui/buttons';
import { CellNote, DataTable } from '../../shared-ui/DataTable';
import { EmptyList } from '../../shared-ui/empty-list';
import { Select } from '../../shared-ui/form-controls';
import { Pager } from '../../shared-ui/Pager';
import { useSimulatorOutbox, type OutboxQuery } from './use-simulator-outbox';
import { Note, Page } from '../../shared-ui/page-layout';
import { TitleRow } from '../../shared-ui/title-row';

const PAGE_SIZES = [25, 50, 100] as const;

/** The simulated recipient's answer in words. */
const OUTCOMES: Readonly<Record<SimulatedMessageDto['outcome'], string>> = {
  sending: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
  replied: 'Replied',
  timed_out: 'Timed out',
  unknown: 'Unknown',
};

/**
 * Simulator outbox (admins; not in the spec): what the channel simulator recorded as sent for the
 * organisation, newest first, with what the simulated recipient did, so a send can be followed
 * without provider accounts.
 */
export default function SimulatorOutboxPage() {
  const [query, setQuery] = useState<OutboxQuery>({ page: 1, pageSize: 25, channel: '' });
  const { outbox, reload } = useSimulatorOutbox(query);
  const timezone = SessionContext.useSelector(selectTimezone);
  const channelId = useId();
  const page = outbox.state === 'failed' ? null : outbox.page;
  const loading = outbox.state === 'loading';
  return (
    <Page aria-labelledby="simulator-outbox-title">
      <TitleRow>
        <h1 id="simulator-outbox-title">Simulator outbox</h1>
        <SecondaryButton type="button" onClick={reload} disabled={loading}>
          Refresh
        </SecondaryButton>
      </TitleRow>
      <Note>
        Messages the channel simulator sent instead of a real provider, and what the simulated recipient did. The newest come first.
      </Note>
      <Filters aria-label="Outbox filters">
        <label htmlFor={channelId}>Channel</label>
        <Select id={channelId} value={query.channel} onChange={(event) => setQuery({ ...query, channel: event.target.value, page: 1 })}>
          <option value="">All channels</option>
          {SENDING_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {channelsText([channel])}
            </option>
          ))}
        </Select>
      </Filters>
      {outbox.state === 'failed' && <ErrorText role="alert">{outbox.error}</ErrorText>}
      {page === null && loading && <p role="status">Loading…</p>}
      {page && page.count === 0 && query.page === 1 && (
        <EmptyList>
          <h2>Nothing sent yet</h2>
          <p>{query.channel ? 'The simulator has sent nothing on this channel.' : 'Messages sent through the simulator will be listed here.'}</p>
        </EmptyList>
      )}
      {page && (page.count > 0 || query.page > 1) && (
        <>
          <OutboxTable caption="Messages sent through the simulator, newest first" busy={loading}>
            <thead>
              <tr>
                <th scope="col">Sent</th>
                <th scope="col">Channel</th>
                <th scope="col">To</th>
                <th scope="col">Message</th>
                <th scope="col">Session</th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {page.results.map((message) => (
                <tr key={message.id}>
                  <td>
                    <time dateTime={message.sent_at}>{formatDateTime(message.sent_at, timezone)}</time>
                  </td>
                  <td>{channelsText([message.channel])}</td>
                  <td>{message.address}</td>
                  <td>
                    {message.subject && <Subject>{message.subject}</Subject>}
                    <Text>{message.text}</Text>
                  </td>
                  <td>
                    {message.message_name ?? 'Unknown message'}
                    <CellNote>{message.session_id}</CellNote>
                  </td>
                  <td>
                    {OUTCOMES[message.outcome]}
                    {message.reason && <CellNote>{message.reason}</CellNote>}
                    {message.reply && <CellNote>Reply: {message.reply}</CellNote>}
                  </td>
                </tr>
              ))}
            </tbody>
          </OutboxTable>
          <Pager
            label="Simulator outbox pages"
            page={query.page}
            numberOfPages={Math.max(1, Math.ceil(page.count / query.pageSize))}
            pageSize={query.pageSize}
            pageSizes={PAGE_SIZES}
            countText={`${page.count} ${page.count === 1 ? 'message' : 'messages'}`}
            onPage={(next) => setQuery({ ...query, page: next })}
            onPageSize={(pageSize) => setQuery({ ...query, pageSize, page: 1 })}
          />
        </>
      )}
    </Page>
  );
}




const Filters = styled.section`
  display: flex;
  gap: 8px;
  align-items: center;
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error};
`;

const OutboxTable = styled(DataTable)`
  td:nth-child(4) {
    min-width: 240px;
  }
`;

const Subject = styled.strong`
  display: block;
`;

const Text = styled.span`
  white-space: pre-wrap;
`;
