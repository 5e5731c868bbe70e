import type { FormFieldMappingDto, IncidentFieldDto } from '@beacon/contracts';
import { useState } from 'react';
import styled from 'styled-components';
import { Checkbox, ItemButton, Labelled, Note, Select } from '../components/controls';
import { ItemName } from '../components/list-parts';
import { ReorderableList } from '../components/ReorderableList';
import { FIELD_TYPE_LABELS } from '../fields/field-types';

interface FieldMappingsEditorProps {
  groupTitle: string;
  mappings: readonly FormFieldMappingDto[];
  onChange: (mappings: FormFieldMappingDto[]) => void;
  /** Every incident field, in its order. */
  fields: readonly IncidentFieldDto[];
}

/** A mapping of the list with the id the reorderable list keys it by. */
type Row = FormFieldMappingDto & { id: string };

/**
 * The fields of a field group (spec: field mappings), in the order the group asks them: add one of
 * the organisation's fields, mark it required, reorder by drag and drop or Move up / Move down, or
 * remove it. Changes are saved with the group.
 */
export function FieldMappingsEditor({ groupTitle, mappings, onChange, fields }: FieldMappingsEditorProps) {
  const [adding, setAdding] = useState('');
  const byId = new Map(fields.map((field) => [field.id, field]));
  const mapped = new Set(mappings.map((mapping) => mapping.field));
  const addable = fields.filter((field) => !mapped.has(field.id));
  const choice = addable.some((field) => field.id === adding) ? adding : (addable[0]?.id ?? '');
  const rows: Row[] = mappings.map((mapping) => ({ ...mapping, id: mapping.field }));
  const labelOf = (fieldId: string) => byId.get(fieldId)?.label ?? 'A deleted field';

  const move = (from: number, to: number) => {
    const next = mappings.filter((_, index) => index !== from);
    next.splice(to, 0, mappings[from]!);
    onChange(next);
  };

  return (
    <Box aria-label="Fields of the group">
      <h4>Fields</h4>
      {mappings.length === 0 && <Note>No fields in this group yet.</Note>}
      {rows.length > 0 && (
        <ReorderableList
          items={rows}
          label={`Fields of ${groupTitle || 'the group'}, in order`}
          itemName={(row) => labelOf(row.field)}
          movable
          onMove={move}
          renderItem={(row) => (
            <MappingRow>
              <span>
                <strong>{labelOf(row.field)}</strong>
                {byId.has(row.field) && <Type> · {FIELD_TYPE_LABELS[byId.get(row.field)!.field_type]}</Type>}
              </span>
              <Checkbox
                label={`Required: ${labelOf(row.field)}`}
                checked={row.is_required}
                onChange={(is_required) => onChange(mappings.map((mapping) => (mapping.field === row.field ? { ...mapping, is_required } : mapping)))}
              />
              <ItemButton type="button" data-danger="true" onClick={() => onChange(mappings.filter((mapping) => mapping.field !== row.field))}>
                Remove<ItemName name={labelOf(row.field)} />
              </ItemButton>
            </MappingRow>
          )}
        />
      )}
      {fields.length === 0 ? (
        <Note>There are no fields yet: create them on the Fields tab.</Note>
      ) : addable.length === 0 ? (
        <Note>Every field is in this group.</Note>
      ) : (
        <AddRow>
          <Labelled label="Field to add">
            {(control) => (
              <Select {...control} value={choice} onChange={(event) => setAdding(event.target.value)}>
                {addable.map((field) => (
                  <option key={field.id} value={field.id}>
                    {field.label}
                  </option>
                ))}
              </Select>
            )}
          </Labelled>
          <ItemButton type="button" onClick={() => choice && onChange([...mappings, { field: choice, is_required: false }])}>
            Add field to group
          </ItemButton>
        </AddRow>
      )}
    </Box>
  );
}

const Box = styled.section`
  display: grid;
  gap: 8px;

  h4 {
    margin: 0;
  }
`;

const MappingRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  justify-content: space-between;
`;

const Type = styled.span`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const AddRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: flex-end;
`;
