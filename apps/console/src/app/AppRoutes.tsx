import { useRoutes } from 'react-router';
import { appRoutes } from './routes/app-routes';

export function AppRoutes() {
  return useRoutes(appRoutes);
}
