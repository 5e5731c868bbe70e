import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.mts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'console',
      environment: 'jsdom',
      include: ['src/**/*.spec.ts', 'src/**/*.spec.tsx'],
      setupFiles: ['src/test-setup.ts'],
    },
  }),
);
