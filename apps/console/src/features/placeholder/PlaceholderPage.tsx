import { useId, type ReactNode } from 'react';
import styled from 'styled-components';

interface PlaceholderPageProps {
  /** The page name, as the spec names the screen. */
  name: string;
  children?: ReactNode;
}

/** Stands in for a screen that is routed and guarded but not built yet. */
export function PlaceholderPage({ name, children }: PlaceholderPageProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h1 id={titleId}>{name}</h1>
      <Note>This screen is coming in a later release.</Note>
      {children}
    </section>
  );
}

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;
