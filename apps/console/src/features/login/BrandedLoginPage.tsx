import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import type { BrandLoginDto } from '@beacon/contracts';
import { useApi } from '../../api/api-context';
import { usableBrandLogo } from '../../layout/brand-logo';
import { brandingTheme } from '../../theme/branding';
import { LoginPage } from './LoginPage';

/**
 * The branded login page of a customer group (/{brand}, the group's brand login URL; logout of a
 * group with "Custom dashboard branding" comes here). It asks the server (a public call) for the
 * group of the brand and shows its name, its logo when usable, and with custom branding on its
 * colours. An unknown brand, or a failed call, leaves the plain login page, without an error.
 */
export function BrandedLoginPage() {
  const { brand = '' } = useParams();
  const api = useApi();
  const [found, setFound] = useState<{ brand: string; group: BrandLoginDto } | null>(null);

  useEffect(() => {
    let current = true;
    api.getBrandLogin(brand).then(
      (group) => {
        if (current) setFound({ brand, group });
      },
      () => undefined, // no such brand: the plain login page
    );
    return () => {
      current = false;
    };
  }, [api, brand]);

  const group = found?.brand === brand ? found.group : null;
  const page = <LoginPage branding={group ? { name: group.name, logo: usableBrandLogo(group.brand_logo) } : undefined} />;
  if (!group?.enable_custom_branding) return page;
  const theme = brandingTheme({ ...group, highlight_incident_color: '', header_icons_color: '' });
  return <ThemeProvider theme={theme}>{page}</ThemeProvider>;
}
