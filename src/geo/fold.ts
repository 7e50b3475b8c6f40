// Letters that Unicode does not decompose into a base letter plus accent.
const SPECIAL_LETTERS: Record<string, string> = { ß: "ss", ø: "o", æ: "ae", œ: "oe", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

/** The matching key of a place name or query: lower case, no accents, no punctuation, single spaces. */
export function foldName(text: string): string {
  const lower = text.toLowerCase();
  if (/^[a-z]+( [a-z]+)*$/.test(lower)) return lower;
  return lower
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[ßøæœłđðþı]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .replace(/['’`.]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** "Saint Albans" and "St Albans" are the same town: keys for both spellings. */
export function saintVariants(key: string): string[] {
  const words = key.split(" ");
  if (!words.some((word) => word === "st" || word === "saint")) return [key];
  const short = words.map((word) => (word === "saint" ? "st" : word)).join(" ");
  const long = words.map((word) => (word === "st" ? "saint" : word)).join(" ");
  return [...new Set([key, short, long])];
}
