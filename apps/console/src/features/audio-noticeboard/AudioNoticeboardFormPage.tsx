import { consoleRoute } from '@beacon/contracts';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useApi } from '../../api/api-context';
import { useSnackbar } from '../../feedback/use-feedback';
import { PrimaryButton } from '../../shared-ui/buttons';
import { Input, Select, TextArea } from '../../shared-ui/form-controls';
import { LoadFailure, Note, Page } from '../../shared-ui/page-layout';
import { audioNoticeboardApi } from './audio-noticeboard-api';
import { noticeboardFormLogic } from './audio-noticeboard.implementations';
import { LabelledControl } from './components/LabelledControl';
import type { NoticeboardFormEvent, NoticeboardFormInput, NoticeboardFormSnapshot } from './machines/noticeboard-form.machine';
import { characterCount, hasNoMessage, messageErrors } from './noticeboard-message';
import { RETURNED_FROM_SAVE } from './returned-from-save';

type FormRouteKey = 'audioNoticeboard.create' | 'audioNoticeboard.update';

const LIST_PATH = consoleRoute('audioNoticeboard.list').path;

/**
 * Create Audio Noticeboard (a number without a message, and its first message) and Update Audio
 * Noticeboard (the number its {id} names, digits without the "+"), one form for both.
 */
export default function AudioNoticeboardFormPage({ routeKey }: { readonly routeKey: FormRouteKey }) {
  const { id } = useParams();
  // Another number (or Create after Update) is another form: it starts afresh.
  return <NoticeboardFormScreen key={`${routeKey}:${id ?? ''}`} routeKey={routeKey} routeId={id} />;
}

function NoticeboardFormScreen({ routeKey, routeId }: { routeKey: FormRouteKey; routeId: string | undefined }) {
  const client = useApi();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const [logic] = useState(() => noticeboardFormLogic({ api: audioNoticeboardApi(client), notify: (text, type) => snackbar.show(text, type) }));
  const input: NoticeboardFormInput = routeKey === 'audioNoticeboard.create' ? { mode: 'create' } : { mode: 'update', routeId: routeId ?? '' };
  const [snapshot, send] = useMachine(logic, { input });
  const title = consoleRoute(routeKey).name;

  useEffect(() => {
    if (snapshot.matches('saved')) navigate(LIST_PATH, { state: RETURNED_FROM_SAVE });
  }, [snapshot, navigate]);

  return (
    <Page aria-labelledby="audio-noticeboard-form-title" aria-busy={snapshot.matches('loading')}>
      <h1 id="audio-noticeboard-form-title">{title}</h1>
      {snapshot.matches('loading') && <Note role="status">Loading noticeboards…</Note>}
      {snapshot.context.loadError !== null && <LoadFailure text={snapshot.context.loadError} onRetry={() => send({ type: 'noticeboard.reload' })} />}
      {snapshot.matches('notFound') && (
        <Gone>
          <h2>Noticeboard not found</h2>
          <p>Your customer group has no noticeboard number {routeId && /^\d+$/.test(routeId) ? `+${routeId}` : `“${routeId ?? ''}”`}.</p>
          <Link to={LIST_PATH}>Back to Audio Noticeboard</Link>
        </Gone>
      )}
      {snapshot.matches('noFreeNumber') && (
        <Gone>
          <p>Every noticeboard number of your customer group already has a message. Update one of them instead.</p>
          <Link to={LIST_PATH}>Back to Audio Noticeboard</Link>
        </Gone>
      )}
      {(snapshot.matches('editing') || snapshot.matches('saving') || snapshot.matches('failed') || snapshot.matches('saved')) && (
        <NoticeboardForm snapshot={snapshot} send={send} />
      )}
    </Page>
  );
}

interface NoticeboardFormProps {
  snapshot: NoticeboardFormSnapshot;
  send: (event: NoticeboardFormEvent) => void;
}

/** The number (chosen on Create, shown on Update) and the message, each with its errors; Save or Cancel. */
function NoticeboardForm({ snapshot, send }: NoticeboardFormProps) {
  const { input, noticeboards, phoneNumber, message, touched, serverErrors } = snapshot.context;
  const numberRef = useRef<HTMLElement | null>(null);
  const keepNumberControl = (element: HTMLElement | null) => {
    numberRef.current = element;
  };
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const saving = snapshot.matches('saving');
  const refused = snapshot.matches('failed');
  const messageShownErrors = [...(touched ? messageErrors(message) : []), ...serverErrors.message];

  // A refused save takes the keyboard to the first field that says why.
  useEffect(() => {
    if (!refused) return;
    if (serverErrors.phone_number.length > 0) numberRef.current?.focus();
    else if (serverErrors.message.length > 0) messageRef.current?.focus();
  }, [refused, serverErrors]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (messageErrors(message).length > 0) messageRef.current?.focus();
    send({ type: 'noticeboard.save' });
  };

  const free = (noticeboards ?? []).filter(hasNoMessage);
  return (
    <Form aria-labelledby="audio-noticeboard-form-title" noValidate onSubmit={save}>
      <LabelledControl label="Noticeboard number" errors={serverErrors.phone_number}>
        {(control) =>
          input.mode === 'create' ? (
            <NumberSelect
              {...control}
              ref={keepNumberControl}
              value={phoneNumber}
              onChange={(event) => send({ type: 'noticeboard.number.choose', phoneNumber: event.target.value })}
            >
              {free.map((noticeboard) => (
                <option key={noticeboard.phone_number} value={noticeboard.phone_number}>
                  {noticeboard.phone_number} ({noticeboard.provider}
                  {noticeboard.is_voice ? ', voice' : ''})
                </option>
              ))}
            </NumberSelect>
          ) : (
            <NumberInput {...control} ref={keepNumberControl} value={phoneNumber} readOnly />
          )
        }
      </LabelledControl>
      <LabelledControl label="Message" hint={characterCount(message)} errors={messageShownErrors}>
        {(control) => (
          <MessageArea
            {...control}
            ref={messageRef}
            rows={6}
            aria-required="true"
            value={message}
            onChange={(event) => send({ type: 'noticeboard.message.change', message: event.target.value })}
          />
        )}
      </LabelledControl>
      <Actions>
        <PrimaryButton type="submit" aria-disabled={saving || undefined}>
          {saving ? 'Saving…' : 'Save'}
        </PrimaryButton>
        <Link to={LIST_PATH}>Cancel</Link>
      </Actions>
    </Form>
  );
}

/** On the surface colour, like the lists: the highlight of its links is too light on the page's background. */
const Form = styled.form`
  display: grid;
  gap: 16px;
  max-width: 48rem;
  padding: 16px 20px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;
`;

const NumberSelect = styled(Select)`
  max-width: 24rem;
`;

const NumberInput = styled(Input)`
  max-width: 24rem;
  background: transparent;
`;

const MessageArea = styled(TextArea)`
  min-height: 120px;
`;

const Actions = styled.div`
  display: flex;
  gap: 16px;
  align-items: center;

  a {
    color: ${({ theme }) => theme.colors.highlight};
  }
`;

const Gone = styled.div`
  display: grid;
  gap: 8px;
  justify-items: start;
  padding: 16px 20px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  h2,
  p {
    margin: 0;
  }

  h2 {
    font-size: 1.125rem;
  }

  a {
    color: ${({ theme }) => theme.colors.highlight};
  }
`;
