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

/**
 * A secondary action: decline, cancel. In the text colour with a border, since it stands on the page
 * background too, where the (brandable) highlight is below 4.5:1 (#1976d2 on #f5f7fa gives 4.28).
 */
export const SecondaryButton = styled(BaseButton)`
  color: ${({ theme }) => theme.colors.text};
  background: transparent;
  border: 1px solid ${({ theme }) => theme.colors.border};

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.highlightHover};
  }
`;
