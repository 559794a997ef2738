// @tanstack/react-query itself, under a name the federation build does not share. The build maps
// `@liveedu/react-query/upstream` straight to the package (see packages/web-build), so this file
// only serves the type checker and the DOM tests, which run without federation.
export * from '@tanstack/react-query';
