import { consoleRoute, type AudioNoticeboardDto } from '@beacon/contracts';
import { canAccess } from '@beacon/domain';
import { useEffect, useRef } from 'react';
import { generatePath, Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useAccessSubject } from '../../navigation/access-subject-context';
import { DataTable } from '../../shared-ui/DataTable';
import { VisuallyHidden } from '../../shared-ui/form-controls';
import { LoadFailure, Note, Page } from '../../shared-ui/page-layout';
import { LinkButton } from './components/LinkButton';
import { hasNoMessage, noticeboardRouteId } from './noticeboard-message';
import { isReturnFromSave } from './returned-from-save';
import { useAudioNoticeboards } from './use-audio-noticeboards';

const updatePath = (noticeboard: AudioNoticeboardDto) =>
  generatePath(consoleRoute('audioNoticeboard.update').path, { id: noticeboardRouteId(noticeboard.phone_number) });

/**
 * Audio Noticeboard: the noticeboard numbers of the user's customer group with what callers hear,
 * each with a link to update its message; Create for admins and operators while a number has none.
 */
export default function AudioNoticeboardListPage() {
  const subject = useAccessSubject();
  const { list, reload } = useAudioNoticeboards();
  const create = consoleRoute('audioNoticeboard.create');
  const noticeboards = list.state === 'loaded' ? list.noticeboards : null;
  const canCreate = canAccess(create.guard, subject) && (noticeboards?.some(hasNoMessage) ?? false);
  const title = useRef<HTMLHeadingElement>(null);
  const returnedFromSave = isReturnFromSave(useLocation().state);

  useEffect(() => {
    if (returnedFromSave) title.current?.focus();
  }, [returnedFromSave]);

  return (
    <Page aria-labelledby="audio-noticeboard-title" aria-busy={list.state === 'loading'}>
      <h1 id="audio-noticeboard-title" ref={title} tabIndex={-1}>
        Audio Noticeboard
      </h1>
      <Note>What callers to your customer group’s noticeboard numbers hear.</Note>
      {list.state === 'loading' && <Note role="status">Loading noticeboards…</Note>}
      {list.state === 'failed' && <LoadFailure text={list.error} onRetry={reload} />}
      {noticeboards?.length === 0 && (
        <Note>Your customer group has no noticeboard numbers. An admin adds them in the dataset settings.</Note>
      )}
      {canCreate && <LinkButton to={create.path}>Create audio noticeboard</LinkButton>}
      {noticeboards && noticeboards.length > 0 && (
        <NoticeboardTable caption="Noticeboard numbers" busy={false}>
          <thead>
            <tr>
              <th scope="col">Number</th>
              <th scope="col">Provider</th>
              <th scope="col">Voice</th>
              <th scope="col">Default</th>
              <th scope="col">Message</th>
              <th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {noticeboards.map((noticeboard) => (
              <tr key={noticeboard.phone_number}>
                <th scope="row">{noticeboard.phone_number}</th>
                <td>{noticeboard.provider}</td>
                <td>{noticeboard.is_voice ? 'Yes' : 'No'}</td>
                <td>{noticeboard.is_default ? 'Yes' : 'No'}</td>
                <td>{hasNoMessage(noticeboard) ? <NoMessage>No message yet</NoMessage> : <Message>{noticeboard.message}</Message>}</td>
                <td>
                  <Link to={updatePath(noticeboard)}>
                    Update<VisuallyHidden> {noticeboard.phone_number}</VisuallyHidden>
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </NoticeboardTable>
      )}
    </Page>
  );
}

const NoticeboardTable = styled(DataTable)`
  tbody th {
    font-weight: 500;
  }

  a {
    color: ${({ theme }) => theme.colors.highlight};
  }
`;

const Message = styled.span`
  white-space: pre-wrap;
`;

const NoMessage = styled.span`
  font-style: italic;
  color: ${({ theme }) => theme.colors.textMuted};
`;
