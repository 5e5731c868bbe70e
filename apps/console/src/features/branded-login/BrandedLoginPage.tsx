import { useParams } from 'react-router';
import { LoginPage } from '../login/LoginPage';

/**
 * The branded login page of a customer group (/{brand}, the group's brand login URL; logout of a
 * group with "Custom dashboard branding" comes here). The server has no public call yet that
 * gives a brand's name, logo or colours to a guest, so the page is the login page naming the
 * brand; the group's branding applies as soon as its user has signed in.
 */
export function BrandedLoginPage() {
  const { brand = '' } = useParams();
  return <LoginPage brand={brand} />;
}
