import styled, { css } from 'styled-components';

/** The look every text input, select and text area of the console shares; an invalid one has a red border. */
export const controlStyle = css`
  min-height: 36px;
  padding: 6px 8px;
  font: inherit;
  color: inherit;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 4px;

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.error};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 1px;
  }
`;

export const Input = styled.input`
  ${controlStyle}
`;

export const Select = styled.select`
  ${controlStyle}
`;

/** Grows downwards only; a screen sets its own starting height. */
export const TextArea = styled.textarea`
  ${controlStyle}
  resize: vertical;
`;

/** A label (or a fieldset's legend) above its control, with any messages below. */
export const Field = styled.div`
  display: grid;
  gap: 4px;

  > label,
  > legend {
    font-weight: 500;
  }
`;

/** Read by assistive technology, not shown. */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;
