import type { ScenarioListEntryDto } from '@beacon/contracts';
import { displayInstant, TRANSLATIONS } from '@beacon/domain';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { channelsText } from '../../../formatting/channel-names';
import { VisuallyHidden } from '../../../shared-ui/form-controls';
import { MessageTable } from '../../../shared-ui/message-table';

const TYPE_LABELS: ReadonlyMap<string, string> = new Map(TRANSLATIONS.scenario_types.map(({ value, label }) => [value, label]));

interface TemplatesTableProps {
  caption: string;
  templates: readonly ScenarioListEntryDto[];
  timeZone: string;
  /** The next page is loading; these rows are about to be replaced. */
  busy: boolean;
  /** Where Edit Message opens a message, or null where the viewer may not. */
  editPath: (template: ScenarioListEntryDto) => string | null;
  /** The message being copied or deleted: no other copy or deletion starts meanwhile. */
  copyingId: string | null;
  deletingId: string | null;
  onCopy: (template: ScenarioListEntryDto) => void;
  onDelete: (template: ScenarioListEntryDto) => void;
}

/** The messages of a page, each named by a link to Edit Message, with Edit, Copy and Delete. */
export function TemplatesTable({ caption, templates, timeZone, busy, editPath, copyingId, deletingId, onCopy, onDelete }: TemplatesTableProps) {
  const acting = copyingId !== null || deletingId !== null;
  return (
    <Table caption={caption} busy={busy}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Message ID</th>
          <th scope="col">Real or test</th>
          <th scope="col">Type</th>
          <th scope="col">Channels</th>
          <th scope="col">Customer group</th>
          <th scope="col">Last changed</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {templates.map((template) => {
          const path = editPath(template);
          return (
            <tr key={template.id}>
              <th scope="row">{path ? <Link to={path}>{template.name}</Link> : template.name}</th>
              <td>{template.scenario_id || <Muted>None</Muted>}</td>
              <td>{template.is_real ? 'Real' : 'Test'}</td>
              <td>{TYPE_LABELS.get(template.scenario_type) ?? template.scenario_type}</td>
              <td>{channelsText(template.channels)}</td>
              <td>{template.customer_group_name}</td>
              <td>
                <time dateTime={template.updated_at}>{displayInstant(new Date(template.updated_at), timeZone)}</time>
              </td>
              <td>
                <RowActions>
                  {path && (
                    <Link to={path}>
                      Edit<VisuallyHidden> {template.name}</VisuallyHidden>
                    </Link>
                  )}
                  <ActionButton type="button" aria-disabled={acting || undefined} onClick={() => !acting && onCopy(template)}>
                    {copyingId === template.id ? 'Copying…' : 'Copy'}
                    <VisuallyHidden> {template.name}</VisuallyHidden>
                  </ActionButton>
                  <ActionButton type="button" $danger aria-disabled={acting || undefined} onClick={() => !acting && onDelete(template)}>
                    {deletingId === template.id ? 'Deleting…' : 'Delete'}
                    <VisuallyHidden> {template.name}</VisuallyHidden>
                  </ActionButton>
                </RowActions>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

const Table = styled(MessageTable)`
  td:nth-child(7) {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const RowActions = styled.div`
  display: flex;
  gap: 12px;
  align-items: center;
`;

const ActionButton = styled.button<{ $danger?: boolean }>`
  padding: 2px 8px;
  font: inherit;
  color: ${({ theme, $danger }) => ($danger ? theme.colors.error : theme.colors.text)};
  background: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 4px;
  cursor: pointer;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 2px;
  }

  /* aria-disabled rather than disabled: the button pressed keeps the keyboard's focus while its action runs. */
  &[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.6;
  }
`;
