// The style the code was written in, so formatting changes as little as possible: single quotes,
// semicolons, trailing commas, and long lines (the code keeps a call, an import list or a JSX
// element on one line up to about 200 columns; a narrower width re-wraps hundreds of files).
/** @type {import('prettier').Config} */
export default {
  printWidth: 200,
  singleQuote: true,
  semi: true,
  trailingComma: 'all',
  arrowParens: 'always',
};
