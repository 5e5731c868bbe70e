import type { FormEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { PrimaryButton, SecondaryButton } from './buttons';
import { Field, Input } from './form-controls';

interface FiltersFormProps {
  /** The search landmark's name, e.g. "Activity log filters". */
  label: string;
  onApply: () => void;
  onReset: () => void;
  /** The filters' fields. */
  children: ReactNode;
}

/** A list's filters with Apply and Reset; nothing is asked of the server until Apply. */
export function FiltersForm({ label, onApply, onReset, children }: FiltersFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <Form role="search" aria-label={label} onSubmit={submit}>
      {children}
      <Actions>
        <PrimaryButton type="submit">Apply</PrimaryButton>
        <SecondaryButton type="button" onClick={onReset}>
          Reset
        </SecondaryButton>
      </Actions>
    </Form>
  );
}

interface DateRangeFieldsProps {
  /** The inputs' ids are `{idPrefix}-{fromName}` and `{idPrefix}-{toName}`. */
  idPrefix: string;
  fromName: string;
  toName: string;
  fromLabel: string;
  toLabel: string;
  /** YYYY-MM-DD, or '' for no bound. */
  from: string;
  to: string;
  onFrom: (date: string) => void;
  onTo: (date: string) => void;
}

/** A from and a to date, each keeping the other from being chosen past it. */
export function DateRangeFields({ idPrefix, fromName, toName, fromLabel, toLabel, from, to, onFrom, onTo }: DateRangeFieldsProps) {
  const fromId = `${idPrefix}-${fromName}`;
  const toId = `${idPrefix}-${toName}`;
  return (
    <>
      <Field>
        <label htmlFor={fromId}>{fromLabel}</label>
        <Input id={fromId} type="date" value={from} max={to || undefined} onChange={(event) => onFrom(event.target.value)} />
      </Field>
      <Field>
        <label htmlFor={toId}>{toLabel}</label>
        <Input id={toId} type="date" value={to} min={from || undefined} onChange={(event) => onTo(event.target.value)} />
      </Field>
    </>
  );
}

/** Says why a filter offers fewer choices (its choices could not be loaded). */
export const FilterProblem = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.error};
`;

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: 12px 16px;
  align-items: end;
  padding: 16px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;
`;

const Actions = styled.div`
  display: flex;
  gap: 8px;
`;
