// react-router itself, under a name the federation build does not share. The build maps
// `@liveedu/router/upstream` straight to react-router's ES module (see packages/web-build), so
// this file only serves the type checker and the DOM tests, which run without federation.
export * from 'react-router';
