/** SPEC §9: first letters of the first two words, or the first two characters of a single word. */
export function initials(text: string | null | undefined): string {
  const words = (text ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  if (words.length === 1) return words[0].slice(0, 2).toUpperCase();
  return (words[0][0] + words[1][0]).toUpperCase();
}
