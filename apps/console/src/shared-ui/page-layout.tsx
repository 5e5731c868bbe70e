import styled from 'styled-components';
import { SecondaryButton } from './buttons';

/** A screen: its title and its parts one under another. */
export const Page = styled.section`
  display: grid;
  gap: 16px;

  h1 {
    margin: 0;
  }
`;

/** A note for a loading or empty list, or a hint. */
export const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Why a list could not be loaded, announced at once, with a way to ask again. */
export function LoadFailure({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <Failure>
      <p role="alert">{text}</p>
      <SecondaryButton type="button" onClick={onRetry}>
        Try again
      </SecondaryButton>
    </Failure>
  );
}

const Failure = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;

  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.error};
  }
`;
