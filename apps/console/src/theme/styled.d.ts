import 'styled-components';
import type { AppTheme } from './theme';

declare module 'styled-components' {
  // An interface is the only way to augment DefaultTheme, so it stays empty and extends ours.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends AppTheme {}
}
