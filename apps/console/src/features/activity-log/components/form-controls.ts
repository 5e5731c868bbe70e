import styled, { css } from 'styled-components';

/** A label above its control. */
export const Field = styled.div`
  display: grid;
  gap: 4px;

  label {
    font-weight: 500;
  }
`;

const control = css`
  min-height: 36px;
  padding: 6px 8px;
  font: inherit;
  color: inherit;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 4px;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 1px;
  }
`;

export const Select = styled.select`
  ${control}
`;

export const Input = styled.input`
  ${control}
`;
