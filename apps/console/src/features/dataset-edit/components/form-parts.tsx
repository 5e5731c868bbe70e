import styled from 'styled-components';
import { Input as SharedInput, Select as SharedSelect, TextArea as SharedTextArea } from '../../../shared-ui/form-controls';

export { VisuallyHidden } from '../../../shared-ui/form-controls';
export {
  Actions,
  CheckboxField,
  CheckboxRow,
  Fieldset,
  GroupErrors,
  Hint,
  Labelled,
  SaveButton,
  type ControlProps,
} from '../../../shared-ui/labelled-controls';

/** "12 of 160 characters" under a text with a limit. */
export const characterCount = (text: string, max: number) => `${text.length} of ${max} characters`;

export const Input = styled(SharedInput)`
  max-width: 32rem;
`;

export const Select = styled(SharedSelect)`
  max-width: 32rem;
`;

export const TextArea = styled(SharedTextArea)`
  min-height: 72px;
  max-width: 48rem;
`;

/** A small button acting on one entry of a list. */
export const ItemButton = styled.button`
  padding: 4px 10px;
  font: inherit;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.highlight};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 4px;
  cursor: pointer;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.highlightHover};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 1px;
  }

  &:disabled {
    cursor: default;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
