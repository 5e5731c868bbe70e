import { afterEach } from '@jest/globals';
import { cleanup } from '@testing-library/react';

// Tests import Jest's functions instead of using globals, so Testing Library's own cleanup is registered here.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
