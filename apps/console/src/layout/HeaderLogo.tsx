import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PRODUCT_NAME } from '../app/product';
import { selectBrandLogo } from '../navigation/navigation.selectors';
import { SessionContext } from '../session/session-context';
import { selectCustomerGroupName } from '../session/session.selectors';
import { usableBrandLogo } from './brand-logo';

/** The customer group's brand logo when it has a usable one, else the product's own; links to the Dashboard. */
export function HeaderLogo() {
  const brandLogo = usableBrandLogo(SessionContext.useSelector(selectBrandLogo));
  const groupName = SessionContext.useSelector(selectCustomerGroupName);
  return (
    <HomeLink to="/">
      {brandLogo ? <BrandImage src={brandLogo} alt={`${groupName} logo`} /> : <ProductMark>{PRODUCT_NAME}</ProductMark>}
    </HomeLink>
  );
}

const HomeLink = styled(Link)`
  display: flex;
  align-items: center;
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radiusPx}px;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.highlight};
    outline-offset: 2px;
  }
`;

const BrandImage = styled.img`
  display: block;
  max-height: ${({ theme }) => theme.headerHeightPx - 16}px;
  max-width: 200px;
`;

const ProductMark = styled.span`
  font-size: 1.25rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.highlight};
`;
