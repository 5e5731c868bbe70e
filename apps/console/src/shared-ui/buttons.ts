import styled from 'styled-components';

const BaseButton = styled.button`
  padding: 8px 16px;
  font: inherit;
  font-weight: 500;
  border-radius: ${({ theme }) => theme.radiusPx}px;
  cursor: pointer;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 2px;
  }

  &:disabled {
    cursor: default;
    opacity: 0.6;
  }
`;

/** The main action of a dialog or form, in the (branded) highlight colour. */
export const PrimaryButton = styled(BaseButton)`
  color: #ffffff;
  background: ${({ theme }) => theme.colors.highlight};
  border: 1px solid ${({ theme }) => theme.colors.highlight};
`;

/** A secondary action: decline, cancel. */
export const SecondaryButton = styled(BaseButton)`
  color: ${({ theme }) => theme.colors.highlight};
  background: transparent;
  border: 1px solid transparent;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.highlightHover};
  }
`;
