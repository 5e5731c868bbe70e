import styled from 'styled-components';
import { TextArea as SharedTextArea } from '../form-controls';

export { Field, Input, Select } from '../form-controls';
export { Note } from '../page-layout';

export const TextArea = styled(SharedTextArea)`
  min-height: 96px;
`;

/** A checkbox with its label to the right. */
export const CheckLabel = styled.label`
  display: inline-flex;
  gap: 8px;
  align-items: center;
  font-weight: normal;
`;

export const Messages = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 0.9em;
`;

export const ErrorMessage = styled.li`
  color: ${({ theme }) => theme.colors.error};
`;

export const HintMessage = styled.li`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Alert = styled.div`
  padding: 8px 12px;
  color: ${({ theme }) => theme.colors.error};
  border: 1px solid ${({ theme }) => theme.colors.error};
  border-radius: 4px;

  p {
    margin: 0;
  }
`;

export const Notice = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  padding: 8px 12px;
  background: ${({ theme }) => theme.colors.highlightPale};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 4px;

  p {
    margin: 0;
  }
`;

export const Badge = styled.span`
  padding: 0 6px;
  font-size: 0.8em;
  font-weight: 500;
  border: 1px solid currentColor;
  border-radius: 10px;
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;

  button[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.6;
  }
`;
