// A stylesheet imported for its side effect (Vite bundles it); it exports nothing to type.
declare module '*.css';
