import { afterEach } from '@jest/globals';
import { cleanup, configure } from '@testing-library/react';

// findBy… and waitFor give up after this long. Testing Library's one second is too short on a loaded
// two-core CI machine, where a page's lazy chunk and first render took longer and a right page failed.
configure({ asyncUtilTimeout: 5_000 });

// Tests import Jest's functions instead of using globals, so Testing Library's own cleanup is registered here.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
