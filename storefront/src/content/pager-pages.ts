// Which page numbers a pager shows: the first, the last, and the current page with its
// neighbours; 'gap' where numbers are left out (drawn as '…').
export function pagerPages(page: number, pageCount: number): (number | 'gap')[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])].filter((candidate) => candidate >= 1 && candidate <= pageCount).sort((a, b) => a - b);
  return shown.flatMap((number, index) => (index > 0 && number - shown[index - 1]! > 1 ? ['gap' as const, number] : [number]));
}
