/**
 * The closest of some names to a misspelt one, picked the way PostgREST picks its "Perhaps you meant
 * ..." hints: candidates share a trigram (else a bigram) with the input, the 50 closest by n-gram
 * cosine are ranked by edit distance relative to the longer string, and the best one scoring at
 * least `minScore` wins. A score runs from 0 (nothing alike) to 1 (the same, ignoring case).
 */

/** N-grams ignore everything but letters, digits, spaces and commas (so "(a, b)" grams as "a, b"). */
const IGNORED = /[^\p{L}\p{N}\s,]+/gu;

function gramCounts(text: string, size: number): Map<string, number> {
  let padded = `-${text.toLowerCase().replace(IGNORED, '')}-`;
  while (padded.length < size) padded += '-';
  const counts = new Map<string, number>();
  for (let i = 0; i + size <= padded.length; i++) {
    const gram = padded.slice(i, i + size);
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

const norm = (counts: Map<string, number>) => Math.sqrt([...counts.values()].reduce((sum, n) => sum + n * n, 0));

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - editDistance(a, b) / longest;
}

export function closestName(input: string, names: Iterable<string>, minScore: number): string | null {
  const candidates = [...new Set(names)];
  const key = input.toLowerCase();
  const exact = candidates.find((name) => name.toLowerCase() === key);
  if (exact !== undefined) return exact;
  for (const size of [3, 2]) {
    const wanted = gramCounts(input, size);
    const wantedNorm = norm(wanted);
    const ranked = candidates
      .map((name) => {
        const grams = gramCounts(name, size);
        let shared = 0;
        for (const [gram, n] of wanted) shared += n * (grams.get(gram) ?? 0);
        return { name, shared, cosine: shared / (wantedNorm * norm(grams)) };
      })
      .filter((c) => c.shared > 0)
      .sort((x, y) => y.cosine - x.cosine)
      .slice(0, 50)
      .map((c) => ({ name: c.name, score: similarity(key, c.name.toLowerCase()) }))
      .filter((c) => c.score >= minScore)
      .sort((x, y) => y.score - x.score);
    if (ranked.length > 0) return ranked[0].name;
  }
  return null;
}
