import {
  activeChannels,
  ATTACHMENT_LIMITS,
  attachmentTotals,
  attachmentWarnings,
  attachmentsTooLarge,
  ATTACHMENTS_PER_CHANNEL_MAX,
  formatBytes,
  MEDIA_LIBRARY_NOT_YET,
  type ScenarioDraft,
} from '@beacon/domain';
import { useId, useRef } from 'react';
import styled from 'styled-components';
import { SecondaryButton } from '../../../shared-ui/buttons';
import { Input } from '../../../shared-ui/form-controls';
import { Fieldset, Hint } from '../../../shared-ui/labelled-controls';
import { attachmentsSummary, FILE_MAX_BYTES, type AttachmentList } from '../attachment-uploads';
import { useBuilder, useBuilderSelector } from '../builder-context';
import { sameJson, selectDraft, selectUploadErrors, selectUploading, selectUploadWarnings } from '../message-builder.selectors';

const LEGENDS: Record<AttachmentList, string> = { sms: 'SMS', email: 'Email', shared: 'Shared (linked from the SMS and the email)' };
const LIST_NAMES: Record<AttachmentList, string> = { sms: 'SMS attachments', email: 'Email attachments', shared: 'Shared attachments' };
const ATTACH_LABELS: Record<AttachmentList, string> = { sms: 'Attach a file to the SMS', email: 'Attach a file to the email', shared: 'Attach a shared file' };
const HINTS: Record<AttachmentList, string> = {
  sms: `JPEG, PNG or GIF images of up to ${formatBytes(FILE_MAX_BYTES.sms)} each, sent as MMS.`,
  email: `Files of up to ${formatBytes(FILE_MAX_BYTES.email)} each.`,
  shared: `Sent as links in the SMS and the email, whose links are on; files of up to ${formatBytes(FILE_MAX_BYTES.shared)} each.`,
};
/** What the file picker offers: MMS takes images only. */
const ACCEPT: Partial<Record<AttachmentList, string>> = { sms: 'image/jpeg,image/png,image/gif' };
const CHANNEL_WORDS = { sms: 'SMS', email: 'Email' } as const;

/** The lists the draft shows: each active channel's, and the shared files while the SMS's or email's links are on (spec part 2 §4). */
export function attachmentListsOf(draft: Pick<ScenarioDraft, 'devices' | 'include_links'>): AttachmentList[] {
  const active = activeChannels(draft.devices);
  const lists: AttachmentList[] = [];
  if (active.has('sms')) lists.push('sms');
  if (active.has('email')) lists.push('email');
  const linksOn = (active.has('sms') && draft.include_links.sms) || (active.has('email') && draft.include_links.email);
  if (linksOn) lists.push('shared');
  return lists;
}

/**
 * Attachments (spec part 2 §3): per active channel, and shared while links are on, the files
 * attached from this device with their sizes, the running total, and the warnings of sizes some
 * recipients may not get. The media library is not offered until it exists.
 */
export function MessageAttachments() {
  const draft = useBuilderSelector(selectDraft);
  const lists = attachmentListsOf(draft);
  if (lists.length === 0) return null;
  return (
    <Fieldset>
      <legend>Attachments</legend>
      <Hint>{MEDIA_LIBRARY_NOT_YET}</Hint>
      {lists.map((list) => (
        <AttachmentsOfList key={list} list={list} draft={draft} />
      ))}
    </Fieldset>
  );
}

/** The list's size warnings: the channel's running total, and each upload's own. */
function warningsOf(list: AttachmentList, draft: ScenarioDraft, uploadWarnings: readonly string[]): string[] {
  const alone = { attachments: { sms: [], email: [], shared: [], [list]: draft.attachments[list] } };
  return [...new Set([...attachmentWarnings(alone), ...uploadWarnings])];
}

/** Above the channel's limit the message is refused when saved: said next to the control. */
function totalTooLarge(list: AttachmentList, draft: ScenarioDraft): string | null {
  if (list === 'shared') return null;
  return attachmentTotals(draft)[list] > ATTACHMENT_LIMITS[list].maxBytes ? attachmentsTooLarge(CHANNEL_WORDS[list], ATTACHMENT_LIMITS[list].maxBytes) : null;
}

function AttachmentsOfList({ list, draft }: { list: AttachmentList; draft: ScenarioDraft }) {
  const { actor } = useBuilder();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const uploading = useBuilderSelector(selectUploading(list), sameJson);
  const uploadErrors = useBuilderSelector(selectUploadErrors(list));
  const uploadWarnings = useBuilderSelector(selectUploadWarnings(list), sameJson);
  const attachments = draft.attachments[list];
  const full = attachments.length + uploading.length >= ATTACHMENTS_PER_CHANNEL_MAX;
  // Not `disabled`: the control keeps its focus while its files go up.
  const blocked = uploading.length > 0 || full;
  const tooLarge = totalTooLarge(list, draft);
  const errors = tooLarge ? [...uploadErrors, tooLarge] : uploadErrors;
  const describedBy = [`${id}-hint`, errors.length > 0 ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <Fieldset>
      <legend>{LEGENDS[list]}</legend>
      {attachments.length > 0 && (
        <Files aria-label={LIST_NAMES[list]}>
          {attachments.map((attachment) => (
            <li key={attachment.attachment_key}>
              <span>{attachment.attachment_name}</span>
              <Size>{formatBytes(attachment.attachment_size)}</Size>
              <SecondaryButton
                type="button"
                aria-label={`Remove ${attachment.attachment_name}`}
                onClick={() => {
                  actor.send({ type: 'builder.detach', list, key: attachment.attachment_key });
                  input.current?.focus();
                }}
              >
                Remove
              </SecondaryButton>
            </li>
          ))}
        </Files>
      )}
      <Status role="status" aria-label={`${LIST_NAMES[list]} in all`}>
        <span>{attachmentsSummary(list, draft)}</span>
        {uploading.map((name, index) => (
          <span key={`${index}-${name}`}>Uploading {name}…</span>
        ))}
        {warningsOf(list, draft, uploadWarnings).map((text) => (
          <Warning key={text}>{text}</Warning>
        ))}
      </Status>
      <Control>
        <label htmlFor={id}>{ATTACH_LABELS[list]}</label>
        <Input
          ref={input}
          id={id}
          type="file"
          multiple
          accept={ACCEPT[list]}
          aria-disabled={blocked || undefined}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={describedBy}
          onClick={(event) => {
            if (blocked) event.preventDefault();
          }}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            if (files.length > 0) actor.send({ type: 'builder.attach', list, files });
          }}
        />
        <Hint id={`${id}-hint`}>{full ? `At most ${ATTACHMENTS_PER_CHANNEL_MAX} files: remove one to attach another.` : HINTS[list]}</Hint>
        {errors.length > 0 && (
          <Errors id={`${id}-error`} role="alert">
            {errors.map((text) => (
              <span key={text}>{text}</span>
            ))}
          </Errors>
        )}
      </Control>
    </Fieldset>
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
    flex-wrap: wrap;
    gap: 8px 12px;
    align-items: center;
    overflow-wrap: anywhere;
  }
`;

const Size = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Status = styled.div`
  display: grid;
  gap: 2px;
`;

const Warning = styled.span`
  color: ${({ theme }) => theme.colors.error};
`;

const Control = styled.div`
  display: grid;
  gap: 4px;

  > label {
    font-weight: 500;
  }
`;

const Errors = styled.span`
  display: grid;
  gap: 2px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.error};
`;
