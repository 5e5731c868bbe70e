export * from './read-store';
