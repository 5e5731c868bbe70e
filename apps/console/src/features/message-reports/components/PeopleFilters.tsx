import { SESSION_RECIPIENT_SEARCH_MAX_LENGTH } from '@beacon/contracts';
import { RECIPIENT_STATES, type RecipientState } from '@beacon/domain';
import { useId } from 'react';
import { FiltersForm } from '../../../shared-ui/FiltersForm';
import { Field, Input, Select } from '../../../shared-ui/form-controls';
import { useFilterDraft } from '../../../shared-ui/use-filter-draft';
import { NO_FILTER_VALUES, type FilterValues, type PeopleFilter } from '../recipient-filters';

interface PeopleFiltersProps {
  /** The filters the list shows; the form starts from them and follows when they change. */
  applied: FilterValues;
  /** The filters the caller may use on this session (the others are not shown). */
  shown: ReadonlySet<PeopleFilter>;
  /** The replies the reply filter offers. */
  replies: readonly string[];
  timeZone: string;
  onApply: (values: FilterValues) => void;
  onReset: () => void;
}

const isState = (value: string): value is RecipientState => (RECIPIENT_STATES as readonly string[]).includes(value);

/** The people filters this caller may use; nothing is asked of the server until Apply. */
export function PeopleFilters({ applied, shown, replies, timeZone, onApply, onReset }: PeopleFiltersProps) {
  const id = useId();
  const { draft, set, reset } = useFilterDraft(applied, NO_FILTER_VALUES, onReset);
  const fieldId = (name: string) => `${id}-${name}`;
  const text = (name: 'name' | 'email' | 'phone', label: string, inputMode: 'text' | 'email' | 'tel') => (
    <Field>
      <label htmlFor={fieldId(name)}>{label}</label>
      <Input
        id={fieldId(name)}
        // Part of an address is searched for: the browser must not refuse an incomplete one.
        type="text"
        inputMode={inputMode}
        maxLength={SESSION_RECIPIENT_SEARCH_MAX_LENGTH}
        autoComplete="off"
        value={draft[name]}
        onChange={(event) => set(name, event.target.value)}
      />
    </Field>
  );
  return (
    <FiltersForm label="Filter people" onApply={() => onApply(draft)} onReset={reset}>
      {shown.has('state') && (
        <Field>
          <label htmlFor={fieldId('state')}>State</label>
          <Select id={fieldId('state')} value={draft.state} onChange={(event) => set('state', isState(event.target.value) ? event.target.value : '')}>
            <option value="">Any state</option>
            {RECIPIENT_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {shown.has('reply') && (
        <Field>
          <label htmlFor={fieldId('reply')}>Reply</label>
          <Select id={fieldId('reply')} value={draft.reply} onChange={(event) => set('reply', event.target.value)}>
            <option value="">Any reply</option>
            {draft.reply !== '' && !replies.includes(draft.reply) && <option value={draft.reply}>{draft.reply}</option>}
            {replies.map((reply) => (
              <option key={reply} value={reply}>
                {reply}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {shown.has('reply_time') && (
        <>
          <Field>
            <label htmlFor={fieldId('replyFrom')}>Replied from ({timeZone})</label>
            <Input
              id={fieldId('replyFrom')}
              type="datetime-local"
              value={draft.replyFrom}
              max={draft.replyTo || undefined}
              onChange={(event) => set('replyFrom', event.target.value)}
            />
          </Field>
          <Field>
            <label htmlFor={fieldId('replyTo')}>Replied before ({timeZone})</label>
            <Input
              id={fieldId('replyTo')}
              type="datetime-local"
              value={draft.replyTo}
              min={draft.replyFrom || undefined}
              onChange={(event) => set('replyTo', event.target.value)}
            />
          </Field>
        </>
      )}
      {shown.has('name') && text('name', 'Name', 'text')}
      {shown.has('email') && text('email', 'Email', 'email')}
      {shown.has('phone') && text('phone', 'Phone', 'tel')}
    </FiltersForm>
  );
}
