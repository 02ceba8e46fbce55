/**
 * `compute` with each distinct text's result kept, for texts that repeat many times over in one piece of work (a page's
 * glyphs, the gaps between a document's pieces). The results live as long as the function returned: scope it to that work.
 */
export function memoizedByText<T>(compute: (text: string) => T): (text: string) => T {
  const results = new Map<string, T>();
  return (text) => {
    let result = results.get(text);
    if (result === undefined) {
      result = compute(text);
      results.set(text, result);
    }
    return result;
  };
}
