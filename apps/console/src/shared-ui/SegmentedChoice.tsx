import { useId } from 'react';
import styled from 'styled-components';
import { useFollowing } from './use-applied-filter';

interface SegmentedChoiceProps<Choice extends string> {
  /** What is chosen, read before the choices, e.g. "Show" or "View". */
  legend: string;
  /** The choices in the order shown. */
  choices: readonly Choice[];
  labels: Readonly<Record<Choice, string>>;
  /** The applied choice; the one pressed shows at once, before it comes back applied. */
  value: Choice;
  onChoose: (choice: Choice) => void;
}

/**
 * One of a few choices applied at once (All / Real / Test, Day / Week / Month): radios, so the arrow
 * keys move between them, each drawn as a tab.
 */
export function SegmentedChoice<Choice extends string>({ legend, choices, labels, value, onChoose }: SegmentedChoiceProps<Choice>) {
  const name = useId();
  const [chosen, setChosen] = useFollowing(value);
  return (
    <Segments>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice}>
          <input
            type="radio"
            name={name}
            value={choice}
            checked={chosen === choice}
            onChange={() => {
              setChosen(choice);
              onChoose(choice);
            }}
          />
          <span>{labels[choice]}</span>
        </label>
      ))}
    </Segments>
  );
}

/* The text keeps the text colour, the chosen one is marked by weight and a bar. */
const Segments = styled.fieldset`
  display: flex;
  gap: 0;
  margin: 0;
  padding: 0;
  border: none;

  legend {
    float: left;
    margin-right: 12px;
    padding: 8px 0;
    font-weight: 500;
  }

  label {
    position: relative;
    cursor: pointer;
  }

  input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
    cursor: pointer;
  }

  span {
    display: inline-block;
    padding: 8px 16px;
    color: ${({ theme }) => theme.colors.text};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-bottom-width: 3px;
  }

  label + label span {
    border-left: none;
  }

  input:checked + span {
    font-weight: 600;
    border-bottom-color: ${({ theme }) => theme.colors.highlight};
  }

  input:focus-visible + span {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 2px;
  }

  label:hover span {
    background: ${({ theme }) => theme.colors.highlightHover};
  }
`;
