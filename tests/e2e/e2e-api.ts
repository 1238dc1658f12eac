// The shared e2e helpers moved to helpers.ts; this name stays until every file imports that.
export * from './helpers';
