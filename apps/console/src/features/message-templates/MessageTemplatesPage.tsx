import { canAccessRoute, consoleRoute, type ScenarioListEntryDto } from '@beacon/contracts';
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
import { MainActionLink, TitleRow } from '../../shared-ui/title-row';
import { TemplatesTable } from './components/TemplatesTable';
import { selectCopyingId, selectDeletingId, selectLoadError, selectLoading, selectPage } from './machines/message-templates.selectors';
import { messageTemplatesApi } from './message-templates-api';
import { messageTemplatesLogic } from './message-templates.implementations';

const CREATE_PATH = consoleRoute('message.create').path;
const editPath = (id: string) => generatePath(consoleRoute('message.edit').path, { id });

/**
 * Message Templates (spec part 2 §2: admins and operators): the messages of the user's customer
 * group and those below it, all, real or test, searched by name or message ID and paged, each with
 * Edit, Copy and Delete; Create Message at the top. The query lives in the URL, and the page reloads
 * whenever a message in reach changes (live updates).
 */
export default function MessageTemplatesPage() {
  const api = useApi();
  const snackbar = useSnackbar();
  const dialog = useDialog();
  const viewer = useAccessSubject();
  const timeZone = SessionContext.useSelector(selectTimezone);
  const { query, show, replace } = useMessageListQuery();
  const [logic] = useState(() =>
    messageTemplatesLogic({
      api: messageTemplatesApi(api),
      notify: (text, type) => snackbar.show(text, type),
      replaceQuery: replace,
    }),
  );
  const templates = useActorRef(logic, { input: { query } });
  const page = useSelector(templates, selectPage);
  const error = useSelector(templates, selectLoadError);
  const loading = useSelector(templates, selectLoading);
  const copyingId = useSelector(templates, selectCopyingId);
  const deletingId = useSelector(templates, selectDeletingId);
  const title = useRef<HTMLHeadingElement>(null);
  const deleted = useRef(false);

  useEffect(() => templates.send({ type: 'templates.query', query }), [query, templates]);

  // The deleted row took the keyboard's focus with it: the page's title takes it.
  useEffect(() => {
    if (!deleted.current || deletingId !== null || loading) return;
    deleted.current = false;
    if (document.activeElement === null || document.activeElement === document.body) title.current?.focus();
  }, [page, deletingId, loading]);

  const canCreate = canAccessRoute('message.create', viewer);
  const confirmDelete = (template: ScenarioListEntryDto) =>
    dialog.alert({
      message: `Delete the message “${template.name}”? It will no longer be listed or sent. This cannot be undone.`,
      acceptText: 'Delete',
      declineText: 'Cancel',
      onAccept: () => {
        deleted.current = true;
        templates.send({ type: 'templates.delete', template });
      },
    });
  const caption = `${query.activeTab === 'all' ? 'Message templates' : `${TAB_LABELS[query.activeTab]} message templates`}${
    query.search.trim() ? ` matching “${query.search.trim()}”` : ''
  }, last changed first (times in ${timeZone})`;

  return (
    <Page aria-labelledby="message-templates-title">
      <TitleRow>
        <h1 id="message-templates-title" ref={title} tabIndex={-1}>
          Message Templates
        </h1>
        {canCreate && <MainActionLink to={CREATE_PATH}>Create Message</MainActionLink>}
      </TitleRow>
      <MessageListFilters label="Filter message templates" query={query} onChange={(patch) => show({ ...query, ...patch, page: 1 })} />
      {loading && page === null && <Note role="status">Loading message templates…</Note>}
      {error !== null && <LoadFailure text={error} onRetry={() => templates.send({ type: 'templates.reload' })} />}
      {page && page.count === 0 && isFiltered(query) && <Note role="status">{NO_MATCHING_RESULTS_MESSAGE}</Note>}
      {page && page.count === 0 && !isFiltered(query) && (
        <EmptyList>
          <h2>No message templates yet</h2>
          <Note>A message you create is kept here, ready to edit, copy or send again.</Note>
          {canCreate && <Link to={CREATE_PATH}>Create Message</Link>}
        </EmptyList>
      )}
      {page && page.results.length > 0 && (
        <TemplatesTable
          caption={caption}
          templates={page.results}
          timeZone={timeZone}
          busy={loading}
          editPath={(template) => (canAccessRoute('message.edit', viewer, { id: template.id }) ? editPath(template.id) : null)}
          copyingId={copyingId}
          deletingId={deletingId}
          onCopy={(template) => templates.send({ type: 'templates.copy', template })}
          onDelete={confirmDelete}
        />
      )}
      {page && <MessageListPager label="Message template pages" query={query} count={page.count} onShow={show} />}
    </Page>
  );
}
