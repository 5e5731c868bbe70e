import styled from 'styled-components';

/** A list with nothing in it yet: a heading, what will be listed, and the way to add the first. */
export const EmptyList = styled.div`
  display: grid;
  gap: 8px;
  justify-items: start;
  padding: 24px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;

  h2 {
    margin: 0;
    font-size: 1.125rem;
  }

  a {
    color: ${({ theme }) => theme.colors.text};
  }
`;
