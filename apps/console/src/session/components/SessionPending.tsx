import styled from 'styled-components';

const Centered = styled.div`
  display: grid;
  place-items: center;
  min-height: 100vh;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Shown while the session is still being restored or ended, so no guarded page flashes. */
export function SessionPending() {
  return (
    <Centered role="status" aria-live="polite">
      Loading…
    </Centered>
  );
}
