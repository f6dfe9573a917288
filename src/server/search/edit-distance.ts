// The typo measure of member search (one typo from 5 letters, two from 9: rules.ts).

/**
 * Edit distance (insert, delete, substitute, swap of neighbours) when it is at most `max`, else
 * max + 1. Banded, stops as soon as a row exceeds the limit.
 */
export function boundedDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (lb >= ROW.length) return max + 1;
  let prev2 = ROWS[0]!;
  let prev = ROWS[1]!;
  let cur = ROWS[2]!;
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = prev[j - 1]! + (ca === cb ? 0 : 1);
      if (prev[j]! + 1 < v) v = prev[j]! + 1;
      if (cur[j - 1]! + 1 < v) v = cur[j - 1]! + 1;
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb && prev2[j - 2]! + 1 < v)
        v = prev2[j - 2]! + 1;
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[lb]!, max + 1);
}
// Rows reused by every call (single-threaded): no allocation per comparison.
const ROW = new Int32Array(64);
const ROWS = [ROW, new Int32Array(64), new Int32Array(64)];
