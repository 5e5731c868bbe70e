import type { Ref } from 'react';
import styled from 'styled-components';
import { timeInputHint } from '../../formatting/on-call-times';
import { Input } from '../form-controls';
import { Labelled } from '../labelled-controls';

interface OnCallTimeFieldProps {
  label: string;
  /** The zone the time is typed in, named in the hint. */
  timeZone: string;
  value: string;
  errors: readonly string[];
  onChange: (text: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A date and time typed as DD/MM/YYYY HH:mm:ss, with the zone it is read in named in its hint: one
 * text box, so the keyboard types it in one go and a screen reader reads its format and zone.
 */
export function OnCallTimeField({ label, timeZone, value, errors, onChange, inputRef }: OnCallTimeFieldProps) {
  return (
    <Labelled label={label} hint={timeInputHint(timeZone)} errors={errors}>
      {(control) => (
        <TimeInput
          {...control}
          ref={inputRef}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Labelled>
  );
}

const TimeInput = styled(Input)`
  max-width: 14rem;
  font-variant-numeric: tabular-nums;
`;
