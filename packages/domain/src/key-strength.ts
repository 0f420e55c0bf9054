/**
 * How much a secret key setting can hold, estimated from its text (production refuses keys under
 * KEY_MIN_BITS; docs/security.md). The estimate catches keys made by hand or by mistake — all zeros,
 * aaaa…, 12345678, 00112233…, text written as hex — and never lowers a key `openssl rand -hex` made:
 * it cannot prove a key random, only that it is not.
 *
 * bits = (characters not predicted by a pattern) × log2(alphabet), where
 * - the alphabet is the key's character classes (digits 10, hex 16 in either case, letters and
 *   digits 62, printable 95), or only the characters it uses when a random key that long would have
 *   used most of its alphabet but it uses half or less;
 * - a character is predicted when it continues a stretch whose steps repeat with a short period
 *   (aaaa, 1234, abab, 00112233, deadbeefdeadbeef) for at least PATTERN_MIN_STEPS steps — chance
 *   made none in 800,000 random 16- and 32-byte hex keys (at 6 steps: 4, so a real key was refused);
 * - hex whose bytes are all printable text is estimated as that text.
 */

export const KEY_MIN_BITS = 128;

/** Steps a repeating stretch needs before it counts: shorter ones happen by chance in random keys. */
const PATTERN_MIN_STEPS = 7;
const PATTERN_MAX_PERIOD = 16;

const HEX = /^[0-9a-f]+$/i;

/** The key's estimated strength in bits (rounded down). */
export function estimateKeyBits(key: string): number {
  const text = hexAsText(key);
  if (text !== undefined) return estimateKeyBits(text);
  const { values, alphabet } = symbolsOf(key);
  if (values.length === 0) return 0;
  const predicted = predictedPositions(values);
  const free = values.length - predicted;
  const distinct = new Set(values).size;
  // Long enough that a random key would show most of its alphabet, yet it shows half or less.
  const effectiveAlphabet = values.length >= 2 * alphabet && distinct <= alphabet / 2 ? Math.max(distinct, 2) : alphabet;
  return Math.floor(free * Math.log2(effectiveAlphabet));
}

/** Whether the key is one of the public ones (compared without case, and also as hex-decoded text). */
export function isPublicKey(key: string, publicKeys: readonly string[]): boolean {
  const candidates = [key.toLowerCase()];
  const text = hexAsText(key);
  if (text !== undefined) candidates.push(text.toLowerCase());
  return publicKeys.some((known) => candidates.includes(known.toLowerCase()));
}

/** Hex of at least 8 bytes that decodes to printable ASCII only: a text someone wrote, not random bytes. */
function hexAsText(key: string): string | undefined {
  if (key.length < 16 || key.length % 2 !== 0 || !HEX.test(key) || /^\d+$/.test(key)) return undefined;
  let text = '';
  for (let i = 0; i < key.length; i += 2) {
    const byte = Number.parseInt(key.slice(i, i + 2), 16);
    if (byte < 0x20 || byte > 0x7e) return undefined;
    text += String.fromCharCode(byte);
  }
  return text;
}

/** The key as numbers (hex digits by value, so 9→a is one step) and the size of its alphabet. */
function symbolsOf(key: string): { values: number[]; alphabet: number } {
  const chars = [...key];
  if (/^\d+$/.test(key)) return { values: chars.map(Number), alphabet: 10 };
  if (HEX.test(key)) return { values: chars.map((c) => Number.parseInt(c, 16)), alphabet: 16 };
  let alphabet = 0;
  if (/\d/.test(key)) alphabet += 10;
  if (/[a-z]/.test(key)) alphabet += 26;
  if (/[A-Z]/.test(key)) alphabet += 26;
  if (/[^0-9a-zA-Z]/.test(key)) alphabet += 33;
  return { values: chars.map((c) => c.codePointAt(0)!), alphabet };
}

/** How many characters continue a stretch whose steps repeat with a period of 1…16 for PATTERN_MIN_STEPS or more. */
function predictedPositions(values: readonly number[]): number {
  const steps = values.slice(1).map((v, i) => v - values[i]!);
  const predicted = new Set<number>();
  for (let period = 1; period <= PATTERN_MAX_PERIOD && period < steps.length; period += 1) {
    let runStart = -1;
    for (let i = period; i <= steps.length; i += 1) {
      const repeats = i < steps.length && steps[i] === steps[i - period];
      if (repeats && runStart < 0) runStart = i;
      if (!repeats && runStart >= 0) {
        // steps runStart…i-1 repeat: the characters after them (runStart+1 … i) were predictable.
        if (i - runStart >= PATTERN_MIN_STEPS) for (let p = runStart + 1; p <= i; p += 1) predicted.add(p);
        runStart = -1;
      }
    }
  }
  return predicted.size;
}
