import type { ResponsePageDto } from '@beacon/contracts';
import { ALREADY_ANSWERED, NO_SUCH_RESPONSE_LINK, RESPONSES_CLOSED } from '@beacon/domain';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useApi } from '../../api/api-context';
import { errorText, formErrors, isApiError } from '../../api/api-error';
import { PrimaryButton, SecondaryButton } from '../../shared-ui/buttons';
import { TextArea } from '../../shared-ui/form-controls';
import { FormAlert } from '../../shared-ui/sign-in/FormAlert';
import { SignInFrame } from '../../shared-ui/sign-in/SignInFrame';
import { responsePageApi } from './response-page-api';

export const RESPONSE_PAGE_TITLE = 'Respond to this message';
export const ANSWER_RECORDED_TITLE = 'Thank you, your answer was recorded';

type View =
  | { readonly step: 'loading' }
  | { readonly step: 'shown'; readonly page: ResponsePageDto }
  | { readonly step: 'answered'; readonly page: ResponsePageDto; readonly answer: string; readonly already: boolean }
  | { readonly step: 'unavailable'; readonly message: string }
  | { readonly step: 'failed'; readonly message: string };

/** 404 and 410 end the page with the server's words; anything else may be tried again. */
function endOf(error: unknown): View {
  if (isApiError(error) && error.status === 404) return { step: 'unavailable', message: NO_SUCH_RESPONSE_LINK };
  if (isApiError(error) && error.status === 410) return { step: 'unavailable', message: RESPONSES_CLOSED };
  return { step: 'failed', message: errorText(error) };
}

/**
 * The page a two-way SMS link opens (/r/{token}): no sign-in and no console layout. It shows the
 * message; the recipient answers with one of its options (a button each) or, when it has none, in their
 * own words; then a confirmation. A text already answered (here, by a reply or a key) says so.
 */
export function ResponsePage() {
  const { token = '' } = useParams();
  const api = useApi();
  const [calls] = useState(() => responsePageApi(api));
  const [view, setView] = useState<View>({ step: 'loading' });
  const [sending, setSending] = useState(false);
  const [problems, setProblems] = useState<{ readonly fields: readonly string[]; readonly messages: readonly string[] }>({ fields: [], messages: [] });
  const [words, setWords] = useState('');
  const confirmation = useRef<HTMLDivElement>(null);
  const answerId = useId();

  const load = () => {
    setView({ step: 'loading' });
    calls.read(token).then(
      (page) => setView(page.answer === null ? { step: 'shown', page } : { step: 'answered', page, answer: page.answer, already: true }),
      (error: unknown) => setView(endOf(error)),
    );
  };
  useEffect(load, [calls, token]);
  useEffect(() => {
    if (view.step === 'answered') confirmation.current?.focus();
  }, [view.step]);

  const answer = (page: ResponsePageDto, given: { digit: string } | { text: string }) => {
    setSending(true);
    setProblems({ fields: [], messages: [] });
    calls.answer(token, given).then(
      (recorded) => setView({ step: 'answered', page, answer: recorded.answer, already: false }),
      (error: unknown) => {
        setSending(false);
        if (isApiError(error) && error.status === 409) return setView({ step: 'answered', page, answer: '', already: true });
        if (isApiError(error) && (error.status === 404 || error.status === 410)) return setView(endOf(error));
        const { fields, messages } = formErrors(error, ['digit', 'text']);
        setProblems({ fields: [...(fields.digit ?? []), ...(fields.text ?? [])], messages });
      },
    );
  };

  if (view.step === 'loading') {
    return (
      <SignInFrame title={RESPONSE_PAGE_TITLE}>
        <p role="status">Loading the message…</p>
      </SignInFrame>
    );
  }
  if (view.step === 'unavailable' || view.step === 'failed') {
    return (
      <SignInFrame title={RESPONSE_PAGE_TITLE}>
        <FormAlert messages={[view.message]} />
        {view.step === 'failed' && (
          <SecondaryButton type="button" onClick={load}>
            Try again
          </SecondaryButton>
        )}
      </SignInFrame>
    );
  }
  if (view.step === 'answered') {
    return (
      <SignInFrame title={view.already ? RESPONSE_PAGE_TITLE : ANSWER_RECORDED_TITLE}>
        <Message page={view.page} />
        <Confirmation ref={confirmation} tabIndex={-1} role="status">
          {view.already ? <p>{ALREADY_ANSWERED}</p> : <p>Your answer was sent to the people who sent the message.</p>}
          {view.answer && (
            <p>
              Your answer: <strong>{view.answer}</strong>
            </p>
          )}
        </Confirmation>
      </SignInFrame>
    );
  }

  const { page } = view;
  const submitWords = (event: FormEvent) => {
    event.preventDefault();
    answer(page, { text: words });
  };
  const errorId = `${answerId}-error`;
  return (
    <SignInFrame title={RESPONSE_PAGE_TITLE}>
      <Message page={page} />
      <FormAlert messages={[...problems.messages, ...(page.options.length ? problems.fields : [])]} />
      {page.options.length ? (
        <Choices aria-labelledby={`${answerId}-legend`} role="group">
          <Legend id={`${answerId}-legend`}>Choose your answer</Legend>
          {page.options.map((option) => (
            <PrimaryButton key={option.digit} type="button" disabled={sending} onClick={() => answer(page, { digit: option.digit })}>
              {option.text}
            </PrimaryButton>
          ))}
        </Choices>
      ) : (
        <form onSubmit={submitWords} aria-label="Answer">
          <Field>
            <label htmlFor={answerId}>Your answer</label>
            <Hint id={`${answerId}-hint`}>Up to {page.free_answer_max_length} characters.</Hint>
            <TextArea
              id={answerId}
              rows={4}
              maxLength={page.free_answer_max_length}
              value={words}
              onChange={(event) => setWords(event.target.value)}
              aria-invalid={problems.fields.length > 0 || undefined}
              aria-describedby={[`${answerId}-hint`, problems.fields.length ? errorId : null].filter(Boolean).join(' ')}
            />
            {problems.fields.length > 0 && <FieldErrors id={errorId}>{problems.fields.join(' ')}</FieldErrors>}
          </Field>
          <PrimaryButton type="submit" disabled={sending}>
            Send answer
          </PrimaryButton>
        </form>
      )}
    </SignInFrame>
  );
}

function Message({ page }: { page: ResponsePageDto }) {
  return (
    <section aria-label="Message">
      <Quote>{page.message}</Quote>
    </section>
  );
}

const Quote = styled.p`
  margin: 0 0 20px;
  padding: 12px 16px;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  border-left: 3px solid ${({ theme }) => theme.colors.border};
`;

const Choices = styled.div`
  display: grid;
  gap: 12px;

  & > button {
    padding: 12px 16px;
    text-align: left;
  }
`;

const Legend = styled.p`
  margin: 0;
  font-weight: 600;
`;

const Field = styled.div`
  display: grid;
  gap: 6px;
  margin-bottom: 16px;
`;

const Hint = styled.span`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const FieldErrors = styled.span`
  color: ${({ theme }) => theme.colors.error};
`;

const Confirmation = styled.div`
  &:focus {
    outline: none;
  }

  & > p {
    margin: 0 0 8px;
  }
`;
