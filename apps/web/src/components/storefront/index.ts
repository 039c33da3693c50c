export * from './package-card';
