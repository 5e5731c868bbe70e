import type { IncidentValueEntry, UploadedAttachmentDto } from '@beacon/contracts';
import { useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { SecondaryButton } from '../buttons';
import { Input } from './form-controls';

/** What an ATTACHMENT field does with files; the screen provides them over its API. */
export interface AttachmentActions {
  /** Uploads a file for the field (POST /api/incidents/incident/upload/). */
  upload(file: File, field: string): Promise<UploadedAttachmentDto>;
  /** Opens an attachment (the download needs the user's token, so it goes through the API client). */
  open(attachment: UploadedAttachmentDto): void;
  /** The words to show for a failed upload. */
  failureText(error: unknown): string;
  /**
   * Optional: the screen uploads the chosen files itself, several at once, and shows a failure in the
   * field's messages; the field then lists what `uploading` names instead of uploading with `upload`.
   */
  begin?(file: File, field: string): void;
  /** With `begin`: the names of the files still uploading to the field. */
  uploading?(field: string): readonly string[];
}

/** The attachments of a field as links to their url, each removable unless read-only. */
export function AttachmentList({
  fieldLabel,
  attachments,
  actions,
  onChange,
}: {
  fieldLabel: string;
  attachments: UploadedAttachmentDto[];
  actions: AttachmentActions;
  onChange?: (values: IncidentValueEntry[]) => void;
}) {
  if (attachments.length === 0) return null;
  return (
    <Files aria-label={`${fieldLabel} attachments`}>
      {attachments.map((attachment) => (
        <li key={attachment.key}>
          <a
            href={attachment.url}
            onClick={(event) => {
              event.preventDefault();
              actions.open(attachment);
            }}
          >
            {attachment.name}
          </a>
          {onChange && (
            <SecondaryButton
              type="button"
              aria-label={`Remove ${attachment.name}`}
              onClick={() => onChange(attachments.filter((kept) => kept.key !== attachment.key))}
            >
              Remove
            </SecondaryButton>
          )}
        </li>
      ))}
    </Files>
  );
}

/** A file input that uploads each chosen file and adds it to the field's values. */
export function AttachmentUpload({
  id,
  field,
  values,
  actions,
  onChange,
  aria,
}: {
  id: string;
  /** The field's id, which the upload names. */
  field: string;
  values: IncidentValueEntry[];
  actions: AttachmentActions;
  onChange: (values: IncidentValueEntry[]) => void;
  aria: Record<string, string | boolean | undefined>;
}) {
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    if (files.length === 0) return;
    if (actions.begin) {
      files.forEach((file) => actions.begin!(file, field));
      input.value = '';
      return;
    }
    setUploading(true);
    setFailure(null);
    let current: IncidentValueEntry[] = [...values];
    try {
      for (const file of files) {
        current = [...current, await actions.upload(file, field)];
        onChange(current);
      }
    } catch (error) {
      setFailure(actions.failureText(error));
    } finally {
      setUploading(false);
      input.value = '';
    }
  };

  const named = actions.uploading?.(field) ?? [];
  const busy = uploading || named.length > 0;
  return (
    <>
      <Input id={id} type="file" multiple onChange={(event) => void upload(event)} aria-busy={busy || undefined} {...aria} />
      {uploading && <Status role="status">Uploading…</Status>}
      {named.map((name, index) => (
        <Status key={`${index}-${name}`} role="status">
          Uploading {name}…
        </Status>
      ))}
      {failure && <Failure role="alert">{failure}</Failure>}
    </>
  );
}

const Files = styled.ul`
  display: grid;
  gap: 4px;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    gap: 8px;
    align-items: center;
  }
`;

const Status = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Failure = styled.span`
  color: ${({ theme }) => theme.colors.error};
`;
