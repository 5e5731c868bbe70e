import { requiredValueText } from '@beacon/domain';
import { useMachine } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useApi } from '../../api/api-context';
import { PrimaryButton, SecondaryButton } from '../../shared-ui/buttons';
import { TemplateFieldGroup } from './components/TemplateFieldGroup';
import { incidentTemplateApi } from './incident-template-api';
import { incidentTemplateLogic } from './incident-template.implementations';
import type { AttachmentActions } from '../../shared-ui/incident-fields/AttachmentField';
import { NOT_AVAILABLE_TEXT, UPLOAD_FAILED_TEXT } from './machines/incident-template.machine';
import { templateSubdomain } from './template-subdomain';
import { shownGroups } from './template-values';

interface IncidentTemplatePageProps {
  /** The host the page is served on; the browser's unless a test says otherwise. */
  hostname?: string;
}

/**
 * The public incident template page (/incident-template): no sign-in and no console layout. The
 * subdomain of the host (or, locally, `?subdomain=`) selects the template; a guest fills in its form
 * in the template's branding, and submitting starts an incident from it.
 */
export function IncidentTemplatePage({ hostname = window.location.hostname }: IncidentTemplatePageProps) {
  const api = useApi();
  const { search } = useLocation();
  const [templateApi] = useState(() => incidentTemplateApi(api));
  const [logic] = useState(() => incidentTemplateLogic(templateApi));
  const [snapshot, send] = useMachine(logic, { input: { subdomain: templateSubdomain({ hostname, search }) } });
  const { subdomain, template, values, gaps, ruleErrors, error, uploads, uploadErrors } = snapshot.context;

  if (snapshot.matches('notAvailable')) {
    return (
      <Centered>
        <h1>{NOT_AVAILABLE_TEXT}</h1>
      </Centered>
    );
  }
  if (snapshot.matches('failed')) {
    return (
      <Centered>
        <ErrorText role="alert">{error}</ErrorText>
        <SecondaryButton type="button" onClick={() => send({ type: 'template.retry' })}>
          Try again
        </SecondaryButton>
      </Centered>
    );
  }
  if (template === null) {
    return (
      <Centered>
        <p role="status">Loading…</p>
      </Centered>
    );
  }

  const branding = template.template.template_branding;
  const submitting = snapshot.matches('submitting');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'template.submit' });
  };
  /**
   * A group's ATTACHMENT fields upload to the public endpoint: the machine uploads the chosen files
   * (several at once, each named while it uploads) and a failure shows in the field's messages.
   */
  const attachmentsOf = (fieldGroup: string): AttachmentActions => ({
    upload: (file, field) => templateApi.uploadAttachment(subdomain ?? '', field, file),
    open: (attachment) => window.open(attachment.url, '_blank', 'noopener'),
    failureText: () => UPLOAD_FAILED_TEXT,
    begin: (file, field) => send({ type: 'template.upload', fieldGroup, field, file }),
    uploading: (field) =>
      Object.values(uploads)
        .filter((upload) => upload.fieldGroup === fieldGroup && upload.field === field)
        .map((upload) => upload.name),
  });
  const messages = [...gaps.map(requiredValueText), ...ruleErrors.map((rule) => rule.message), ...(error ? [error] : [])];

  return (
    <Page>
      <Header $color={branding.header_color ?? ''}>
        {branding.logo_url && <Logo src={branding.logo_url} alt={`${template.template.name} logo`} />}
        <h1>{template.template.name}</h1>
      </Header>
      <Main>
        {snapshot.matches('submitted') ? (
          <Thanks role="status">Your {template.module_name} was submitted.</Thanks>
        ) : (
          <Form noValidate aria-label={template.template.name} onSubmit={submit}>
            {template.template.incident_title && <Subtitle>{template.template.incident_title}</Subtitle>}
            {shownGroups(template, values).map((group) => (
              <TemplateFieldGroup
                key={group.id}
                group={group}
                fields={template.fields}
                values={values}
                labelColor={branding.label_color}
                gaps={gaps}
                ruleErrors={ruleErrors}
                uploadErrors={uploadErrors}
                attachments={attachmentsOf(group.id)}
                onChange={(field, next) => send({ type: 'template.change', fieldGroup: group.id, field, values: next })}
              />
            ))}
            {/* The alert around the list, not on it: role="alert" on the <ul> would take its list role from its items. */}
            {messages.length > 0 && (
              <div role="alert">
                <Problems>
                  {messages.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </Problems>
              </div>
            )}
            <div>
              <PrimaryButton type="submit" aria-disabled={submitting}>
                {submitting ? 'Submitting…' : 'Submit'}
              </PrimaryButton>
            </div>
          </Form>
        )}
      </Main>
    </Page>
  );
}

const Page = styled.div`
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.background};
`;

const Header = styled.header<{ $color: string }>`
  display: flex;
  gap: 16px;
  align-items: center;
  padding: 12px 24px;
  background: ${({ $color, theme }) => $color || theme.colors.header};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  h1 {
    margin: 0;
    font-size: 1.375rem;
  }
`;

const Logo = styled.img`
  max-height: 48px;
  max-width: 200px;
  object-fit: contain;
`;

const Main = styled.main`
  max-width: 760px;
  margin: 0 auto;
  padding: 24px 16px 48px;
`;

const Form = styled.form`
  display: grid;
  gap: 20px;

  button[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.6;
  }
`;

const Subtitle = styled.p`
  margin: 0;
  font-size: 1.125rem;
  font-weight: 500;
`;

const Problems = styled.ul`
  display: grid;
  gap: 4px;
  margin: 0;
  padding: 12px 16px 12px 32px;
  color: ${({ theme }) => theme.colors.error};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.error};
  border-radius: ${({ theme }) => theme.radiusPx}px;
`;

const Thanks = styled.p`
  margin: 0;
  padding: 24px;
  font-size: 1.25rem;
  text-align: center;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;
`;

const Centered = styled.main`
  display: grid;
  gap: 16px;
  justify-items: center;
  align-content: center;
  min-height: 100vh;
  padding: 24px;
  text-align: center;
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error};
`;
