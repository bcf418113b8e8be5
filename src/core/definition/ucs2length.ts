/**
 * Length of a string in Unicode code points, as JSON Schema's minLength/maxLength count it. The precompiled
 * validators call this instead of ajv's CommonJS runtime helper, so the generated code stays pure ESM.
 */
export function ucs2length(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low surrogate is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}
