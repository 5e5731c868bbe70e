import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { PRODUCT_NAME } from '../../app/product';
import { theme as defaultTheme } from '../../theme/theme';

interface SignInFrameProps {
  /** The page's heading. */
  title: string;
  /** A line under the heading (the branded login page's customer group). */
  subtitle?: ReactNode;
  /** A logo above the heading (the branded login page's customer group). */
  logo?: ReactNode;
  /** Shows the product's name above the heading, on every page but the login page (whose heading it is). */
  showProduct?: boolean;
  children: ReactNode;
}

/** The frame of the pages before sign-in: one centred card, no layout around it. */
export function SignInFrame({ title, subtitle, logo, showProduct = true, children }: SignInFrameProps) {
  const titleId = useId();
  return (
    <Page>
      <Card as="main" aria-labelledby={titleId}>
        {logo && <Logo>{logo}</Logo>}
        {showProduct && <Product>{PRODUCT_NAME}</Product>}
        <Title id={titleId}>{title}</Title>
        {subtitle && <Subtitle>{subtitle}</Subtitle>}
        {children}
      </Card>
    </Page>
  );
}

const Page = styled.div`
  display: grid;
  place-items: center;
  min-height: 100vh;
  padding: 16px;
`;

const Card = styled.div`
  width: 100%;
  max-width: 420px;
  padding: 32px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  /* A branded login page with custom branding shows the group's header colour as a band on top. */
  ${({ theme }) => (theme.colors.header === defaultTheme.colors.header ? '' : `border-top: 6px solid ${theme.colors.header};`)}
  border-radius: ${({ theme }) => theme.radiusPx}px;

  a {
    color: ${({ theme }) => theme.colors.highlight};
  }
`;

const Logo = styled.div`
  margin: 0 0 16px;

  img {
    display: block;
    max-width: 200px;
    max-height: 64px;
  }
`;

const Product = styled.p`
  margin: 0 0 8px;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.highlight};
`;

const Title = styled.h1`
  margin: 0 0 24px;
  font-size: 1.5rem;
  color: ${({ theme }) => theme.colors.highlight};
`;

const Subtitle = styled.p`
  margin: -16px 0 24px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Links under a sign-in form ("Forgot your password?", "Back to login"). */
export const SignInLinks = styled.nav`
  display: grid;
  gap: 8px;
  margin-top: 20px;
  font-size: 0.9375rem;
`;
