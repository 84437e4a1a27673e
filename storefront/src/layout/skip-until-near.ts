// Content far enough down to start below the fold on a phone: the browser skips its style,
// layout and paint until it comes near the viewport (content-visibility), the bulk of showing a
// long page while it loads. It reserves the content's usual height meanwhile, and `auto` keeps
// the real one once it has been shown. Height only: a reserved width would widen a grid's
// columns to it.
export type EstimatedHeight = number | { base: number; md: number };

const reserve = (height: number) => `none auto ${height}px`;

export const skipUntilNear = (height: EstimatedHeight) =>
  ({
    contentVisibility: 'auto',
    containIntrinsicSize: typeof height === 'number' ? reserve(height) : { base: reserve(height.base), md: reserve(height.md) },
  }) as const;
