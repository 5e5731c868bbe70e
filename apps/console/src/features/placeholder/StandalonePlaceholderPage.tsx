import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PlaceholderPage } from './PlaceholderPage';

interface StandalonePlaceholderPageProps {
  name: string;
  /** Where the page offers to go instead. */
  back: { to: string; label: string };
}

/** A placeholder for a public or authentication page, which has no signed-in layout around it. */
export function StandalonePlaceholderPage({ name, back }: StandalonePlaceholderPageProps) {
  return (
    <Page>
      <Card>
        <PlaceholderPage name={name}>
          <Link to={back.to}>{back.label}</Link>
        </PlaceholderPage>
      </Card>
    </Page>
  );
}

const Page = styled.main`
  display: grid;
  place-items: center;
  min-height: 100vh;
  padding: 16px;
`;

const Card = styled.div`
  width: min(100%, 480px);
  padding: 32px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radiusPx}px;
`;
